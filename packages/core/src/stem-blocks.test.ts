import { describe, expect, it } from 'vitest';
import { checkQuestion } from './content-check.ts';
import { stemBlocks, stemTableProblems, tableCells } from './stem-blocks.ts';

describe('stemBlocks', () => {
  it('splits a passage from its question at the blank line, and keeps a line break within one', () => {
    expect(stemBlocks('Read the passage.\nIt has two lines.\n\n\nWhich is true?  \n')).toEqual([
      { kind: 'text', text: 'Read the passage.\nIt has two lines.' },
      { kind: 'text', text: 'Which is true?' },
    ]);
  });

  it('reads a pipe table between its paragraphs, numbers right-aligned', () => {
    const stem = [
      'The table shows the examinees.',
      '',
      '| Year | Examinees | Passed |',
      '|---|---|---|',
      '| 2022 | 1,360 | 45.5 % |',
      '| 2023 | 450 | ₱1,200.50 |',
      '',
      'What was the increase?',
    ].join('\n');
    expect(stemBlocks(stem)).toEqual([
      { kind: 'text', text: 'The table shows the examinees.' },
      {
        kind: 'table',
        header: ['Year', 'Examinees', 'Passed'],
        rows: [
          ['2022', '1,360', '45.5 %'],
          ['2023', '450', '₱1,200.50'],
        ],
        align: ['right', 'right', 'right'],
      },
      { kind: 'text', text: 'What was the increase?' },
    ]);
  });

  it('takes a column alignment from its delimiter, and leaves words unaligned', () => {
    const [table] = stemBlocks(
      '| Name | Dept | Score | Grade |\n|:--|:-:|---|--:|\n| Ana | HR | 9 | A |',
    );
    expect(table).toMatchObject({ kind: 'table', align: ['left', 'center', 'right', 'right'] });
    const [words] = stemBlocks('| Office | Head |\n|---|---|\n| Records | Cruz |');
    expect(words).toMatchObject({ align: [null, null] });
  });

  it('ends a table at its first line that is not a row, even with no blank line', () => {
    expect(stemBlocks('| a | b |\n|---|---|\n| 1 | 2 |\nWhich is larger?')).toEqual([
      { kind: 'table', header: ['a', 'b'], rows: [['1', '2']], align: ['right', 'right'] },
      { kind: 'text', text: 'Which is larger?' },
    ]);
  });

  it('keeps pipes that are not a table as the question wrote them', () => {
    const absolute = 'What is the solution set of |2x − 3| < 5?';
    expect(stemBlocks(absolute)).toEqual([{ kind: 'text', text: absolute }]);
    // Rows without a delimiter row are not a table (content:check reports them).
    const rows = 'Which row?\n| a | b |\n| 1 | 2 |';
    expect(stemBlocks(rows)).toEqual([{ kind: 'text', text: rows }]);
    // Nor is a delimiter row of another width than its header.
    expect(stemBlocks('| a | b |\n|---|\n| 1 | 2 |')[0]?.kind).toBe('text');
    // Blanks and asterisks are the question's own characters.
    expect(stemBlocks('He ________ the *report*.')).toEqual([
      { kind: 'text', text: 'He ________ the *report*.' },
    ]);
  });

  it('reads an escaped pipe as a pipe inside its cell', () => {
    expect(tableCells('| x\\|y | 2 |')).toEqual(['x|y', '2']);
    expect(tableCells('not | a row')).toBeNull();
  });
});

describe('stemTableProblems', () => {
  it('reports a row of another width than its header', () => {
    expect(stemTableProblems('| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |')).toEqual([
      'Row 2 of the table "a | b" has 1 cells; its header has 2.',
    ]);
  });

  it('reports rows that lack a delimiter row, once a table', () => {
    expect(stemTableProblems('Totals:\n| a | b |\n| 1 | 2 |\n| 3 | 4 |')).toEqual([
      '"| 1 | 2 |" reads as a table row, but the table has no delimiter row (|---|---|) under its header.',
    ]);
  });

  it('passes a well-formed table and plain pipes, and reaches content:check through checkQuestion', () => {
    expect(stemTableProblems('| a | b |\n|---|---|\n| 1 | 2 |')).toEqual([]);
    expect(stemTableProblems('Solve |x| = 2 and |y| = 3.')).toEqual([]);
    const problems = checkQuestion({
      id: 'q1',
      topicId: 't1',
      difficulty: 2,
      stem: '| a | b |\n|---|---|\n| 1 |',
      choices: ['1', '2'],
      answerIndex: 0,
      rationale: 'Because.',
      distractorNotes: [null, 'Not it.'],
    });
    expect(problems.map((p) => p.message)).toEqual([
      'Row 1 of the table "a | b" has 1 cells; its header has 2.',
    ]);
  });
});
