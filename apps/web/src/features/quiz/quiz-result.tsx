import { type AttemptState, PATHS, roundToTotal } from '@pasado/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { withReviewer } from '../../lib/reviewer-param.ts';
import { partFacts, percentText } from './format.ts';
import { ReviewList } from './review-list.tsx';
import { useScrollTopOn } from './use-scroll-top.ts';

/**
 * A lite quiz taken offline (issue 11): `waiting` in the outbox (the device graded it, the gems
 * come with the server's grading), or `refused` by the server. Once synced it is a normal result.
 */
export type OfflineNote = 'waiting' | 'refused';

const OFFLINE_TEXT: Record<OfflineNote, string> = {
  waiting: 'Saved on this phone. Your gems come when you are back online.',
  refused: 'The server did not accept this quiz, so it earned no gems.',
};

/**
 * The end of a quiz. Lite: the score and gems earned. Mock: PASSED / NOT PASSED under the official
 * rule (weighted average and every part's floor), the rating per part. Then the review with
 * rationales and "Retry the ones I missed".
 */
export function QuizResult({
  state,
  offline = null,
}: {
  state: AttemptState;
  offline?: OfflineNote | null;
}) {
  const result = state.result;
  const [reviewing, setReviewing] = useState(state.kind === 'lite');
  useScrollTopOn(state.attemptId);
  if (!result) return null;
  const retryHref = `/quiz/${state.reviewer}/lite?retry=${state.attemptId}`;
  const mock = state.kind === 'mock';
  // Shown whole and adding up to 100 % (issue 13 item 2), renormalised over the parts sat.
  const weights = roundToTotal(result.parts?.map((p) => p.weight) ?? []);

  return (
    <div className="result">
      <section className="card result__summary" aria-labelledby="result-title">
        {mock ? (
          <p
            className={`verdict ${result.passed ? 'verdict--pass' : 'verdict--fail'}`}
            data-testid="verdict"
          >
            {result.passed ? 'PASSED' : 'NOT PASSED'}
          </p>
        ) : null}
        <h1 id="result-title" className="result__title">
          {mock ? 'Your mock exam result' : 'Quiz summary'}
        </h1>
        {offline ? (
          <p
            className={`notice ${offline === 'refused' ? 'notice--danger' : 'notice--warning'}`}
            data-testid="offline-note"
          >
            {OFFLINE_TEXT[offline]}
          </p>
        ) : null}
        {result.autoSubmitted ? (
          <p className="notice notice--warning">Time ran out, so we submitted your answers.</p>
        ) : null}
        <div className="result__stats">
          <div className="stat">
            <span className="stat__value">
              {mock ? percentText(result.weightedRating ?? 0) : `${result.correct}/${result.total}`}
            </span>
            <span className="stat__label">{mock ? 'Weighted rating' : 'Correct'}</span>
          </div>
          <div className="stat">
            <span className="stat__value">
              {mock ? `${result.correct}/${result.total}` : percentText(result.percentage)}
            </span>
            <span className="stat__label">{mock ? 'Correct' : 'Score'}</span>
          </div>
          <div className="stat stat--gems">
            <span className="stat__value">+{offline === 'refused' ? 0 : result.gemsEarned}</span>
            <span className="stat__label">
              {offline === 'waiting' ? 'Gems to come' : 'Gems earned'}
            </span>
          </div>
        </div>
        {mock && result.parts ? (
          <>
            <p className="muted result__rule">
              To pass: a weighted average of at least {result.passingAverage}%
              {result.parts.some((p) => p.floor > 0) ? ' and no part below its floor' : ''}.
            </p>
            <ul className="parts">
              {result.parts.map((p, i) => (
                <li key={p.partId} className="parts__row" data-below={p.belowFloor}>
                  <div className="parts__head">
                    <span className="parts__name">{p.name}</span>
                    <span className="parts__score">{percentText(p.percentage)}</span>
                  </div>
                  <meter
                    className="quiz-meter"
                    min={0}
                    max={100}
                    low={p.floor || 50}
                    high={result.passingAverage ?? 75}
                    optimum={100}
                    value={p.percentage}
                    aria-label={`${p.name}: ${percentText(p.percentage)}`}
                  />
                  <span className="muted parts__meta">{partFacts(p, weights[i] ?? 0)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <div className="result__actions">
          {/* A retry draws from the server's copy of the quiz: only once it is there. */}
          {result.missed > 0 && !offline ? (
            <Link className="btn btn--primary btn--lg btn--block" to={retryHref}>
              Retry the ones I missed
            </Link>
          ) : null}
          {!reviewing ? (
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={() => setReviewing(true)}
            >
              Review answers
            </button>
          ) : null}
          <Link className="btn btn--ghost btn--block" to={withReviewer(PATHS.quiz, state.reviewer)}>
            Back to Quiz
          </Link>
        </div>
      </section>
      {reviewing ? <ReviewList state={state} /> : null}
    </div>
  );
}
