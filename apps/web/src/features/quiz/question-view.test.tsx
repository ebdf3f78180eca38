import type { AttemptItem } from '@pasado/core/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuestionView, Rationale } from './question-view.tsx';

const ITEM: AttemptItem = {
  questionId: 'crim-law-1',
  partId: null,
  topicName: 'Revised Penal Code',
  stem: 'Self-defense is what kind of circumstance?',
  choices: ['Exempting', 'Justifying', 'Mitigating', 'Aggravating'],
  choiceIndex: null,
  flagged: false,
  isCorrect: null,
  reveal: null,
};

const REVEAL = {
  answerIndex: 1,
  rationale: 'Self-defense is a justifying circumstance under Article 11.',
  distractorNotes: [
    'Exempting circumstances excuse the person, not the act.',
    null,
    'A mitigating circumstance only lowers the penalty.',
    null,
  ],
};

const choices = () => screen.getAllByRole('button');

// docs/product.md "Lite quiz": an item, then right or wrong with the rationale and the pick's note.
describe('an item and its rationale', () => {
  it('numbers the item, and a choice can be picked until the key is known', async () => {
    const onChoose = vi.fn();
    render(<QuestionView item={ITEM} number={3} total={10} choice={null} onChoose={onChoose} />);
    expect(screen.getByText('Item 3 of 10')).toBeTruthy();
    expect(choices().map((c) => c.textContent)).toEqual([
      'AExempting',
      'BJustifying',
      'CMitigating',
      'DAggravating',
    ]);
    await userEvent.setup().click(choices()[2] as HTMLElement);
    expect(onChoose).toHaveBeenCalledWith(2);
  });

  it('once revealed, marks the key and a wrong pick, and nothing can be picked again', () => {
    render(
      <QuestionView
        item={{ ...ITEM, reveal: REVEAL }}
        number={3}
        total={10}
        choice={2}
        onChoose={vi.fn()}
      />,
    );
    expect(choices().map((c) => c.getAttribute('data-state'))).toEqual([
      'plain',
      'key',
      'wrong',
      'plain',
    ]);
    expect(choices()[1]?.textContent).toBe('BJustifying (correct answer)');
    expect(choices()[2]?.textContent).toBe('CMitigating (your answer)');
    expect(choices().every((c) => (c as HTMLButtonElement).disabled)).toBe(true);
  });

  it("right: 'Correct!' and why", () => {
    render(<Rationale item={{ ...ITEM, reveal: REVEAL }} choice={1} />);
    expect(screen.getByText('Correct!')).toBeTruthy();
    expect(document.querySelector('.rationale__text')?.textContent).toBe(
      'Why B: Self-defense is a justifying circumstance under Article 11.',
    );
    expect(document.querySelector('.rationale__note')).toBeNull();
  });

  it('wrong: the key, why, and why not the pick when the bank says', () => {
    render(<Rationale item={{ ...ITEM, reveal: REVEAL }} choice={2} />);
    expect(screen.getByText('Not quite. The answer is B.')).toBeTruthy();
    expect(document.querySelector('.rationale__note')?.textContent).toBe(
      'Why not C: A mitigating circumstance only lowers the penalty.',
    );
  });

  it('unanswered (a mock item left blank): the key, no note', () => {
    render(<Rationale item={{ ...ITEM, reveal: REVEAL }} choice={null} />);
    expect(screen.getByText('Not answered. The answer is B.')).toBeTruthy();
    expect(document.querySelector('.rationale__note')).toBeNull();
  });

  it('nothing before the key is known', () => {
    const { container } = render(<Rationale item={ITEM} choice={2} />);
    expect(container.textContent).toBe('');
  });

  it('shows a table in the stem as a table between its paragraphs, the item numbered by its heading', () => {
    const stem = [
      'The table shows attendance at two seminars.',
      '',
      '| Seminar | Invited | Attended |',
      '|---|---|---|',
      '| Records Management | 80 | 68 |',
      '| Procurement | 60 | 54 |',
      '',
      'What was the overall attendance rate?',
    ].join('\n');
    render(<QuestionView item={{ ...ITEM, stem }} number={1} total={10} choice={null} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Item 1 of 10Revised Penal Code',
    );
    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Seminar',
      'Invited',
      'Attended',
    ]);
    expect(screen.getAllByRole('row')[1]?.textContent).toBe('Records Management8068');
    expect(screen.getAllByRole('cell')[1]?.getAttribute('data-align')).toBe('right');
    const stemBox = table.closest('.stem') as HTMLElement;
    const paragraphs = [...stemBox.querySelectorAll(':scope > p')];
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      'The table shows attendance at two seminars.',
      'What was the overall attendance rate?',
    ]);
    // The choices are named by the whole stem, as before.
    expect(screen.getByRole('group').getAttribute('aria-labelledby')).toBe(stemBox.id);
  });
});
