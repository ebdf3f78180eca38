import type { AttemptState } from '@pasado/core';
import { useState } from 'react';
import { QuestionView, Rationale } from './question-view.tsx';
import { ReportButton } from './report-dialog.tsx';

type Filter = 'missed' | 'flagged' | 'all';

/** The review after a quiz: each item with the key, the student's answer and the rationale. */
export function ReviewList({ state }: { state: AttemptState }) {
  const missedCount = state.items.filter((i) => i.isCorrect !== true).length;
  const [filter, setFilter] = useState<Filter>(missedCount > 0 ? 'missed' : 'all');
  const numbered = state.items.map((item, index) => ({ item, number: index + 1 }));
  const shown = numbered.filter(({ item }) =>
    filter === 'missed' ? item.isCorrect !== true : filter === 'flagged' ? item.flagged : true,
  );
  const counts: Record<Filter, number> = {
    missed: missedCount,
    flagged: state.items.filter((i) => i.flagged).length,
    all: state.items.length,
  };
  return (
    <section className="review" aria-labelledby="review-title">
      <h2 id="review-title" className="quiz-section__title">
        Review
      </h2>
      <fieldset className="segmented">
        <legend className="visually-hidden">Show</legend>
        {(['missed', 'flagged', 'all'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className="segmented__option"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {f === 'missed' ? 'Missed' : f === 'flagged' ? 'Flagged' : 'All'} ({counts[f]})
          </button>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p className="muted">Nothing here.</p>
      ) : (
        <ol className="review__list">
          {shown.map(({ item, number }) => (
            <li key={item.questionId} className="card review__item">
              <QuestionView
                item={item}
                number={number}
                total={state.items.length}
                choice={item.choiceIndex}
              />
              <Rationale item={item} choice={item.choiceIndex} />
              <div className="quiz-tools">
                <ReportButton reviewer={state.reviewer} questionId={item.questionId} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
