import type { AttemptItem } from '@pasado/core';
import { StemText } from '../../components/stem-text.tsx';
import { choiceLetter } from './format.ts';

/**
 * One item: its number, the stem (with its paragraphs and tables) and its choices as large
 * buttons. Before the key is known a choice can be picked (`onChoose`); once `item.reveal` is
 * there the key and the student's choice are marked.
 */
export function QuestionView({
  item,
  number,
  total,
  choice,
  onChoose,
  disabled = false,
}: {
  item: AttemptItem;
  number: number;
  total: number;
  choice: number | null;
  onChoose?: (index: number) => void;
  disabled?: boolean;
}) {
  const reveal = item.reveal;
  const stemId = `q-${item.questionId}`;
  return (
    <div className="question">
      <h2 className="question__meta">
        <span>
          Item {number} of {total}
        </span>
        <span className="question__topic">{item.topicName}</span>
      </h2>
      <StemText id={stemId} className="question__stem" stem={item.stem} />
      <fieldset className="choices" aria-labelledby={stemId}>
        {item.choices.map((text, index) => {
          const picked = choice === index;
          const state = reveal
            ? index === reveal.answerIndex
              ? 'key'
              : picked
                ? 'wrong'
                : 'plain'
            : picked
              ? 'picked'
              : 'plain';
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: choices are positional; the key is their index
              key={index}
              type="button"
              className="choice"
              data-state={state}
              aria-pressed={picked}
              disabled={disabled || reveal !== null || !onChoose}
              onClick={() => onChoose?.(index)}
            >
              <span className="choice__letter" aria-hidden="true">
                {choiceLetter(index)}
              </span>
              <span className="choice__text">{text}</span>
              {state === 'key' ? <span className="visually-hidden"> (correct answer)</span> : null}
              {state === 'wrong' ? <span className="visually-hidden"> (your answer)</span> : null}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}

/** The explanation after an item: right or wrong, why the key is right, why the pick was not. */
export function Rationale({ item, choice }: { item: AttemptItem; choice: number | null }) {
  const reveal = item.reveal;
  if (!reveal) return null;
  const correct = choice !== null && choice === reveal.answerIndex;
  const note = choice !== null && !correct ? reveal.distractorNotes?.[choice] : null;
  return (
    <div className={`rationale ${correct ? 'rationale--right' : 'rationale--wrong'}`}>
      <p className="rationale__verdict">
        {choice === null
          ? `Not answered. The answer is ${choiceLetter(reveal.answerIndex)}.`
          : correct
            ? 'Correct!'
            : `Not quite. The answer is ${choiceLetter(reveal.answerIndex)}.`}
      </p>
      {note ? (
        <p className="rationale__note">
          <strong>Why not {choiceLetter(choice ?? 0)}:</strong> {note}
        </p>
      ) : null}
      <p className="rationale__text">
        <strong>Why {choiceLetter(reveal.answerIndex)}:</strong> {reveal.rationale}
      </p>
    </div>
  );
}
