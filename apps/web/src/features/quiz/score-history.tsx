import { type MockHistoryEntry, roundToTotal } from '@pasado/core';
import { useId } from 'react';
import { manilaDate, manilaShortDate } from '../../lib/format.ts';
import { partFacts, percentText } from './format.ts';

/**
 * Score history on the quiz home (issue 13 item 4): the mock ratings over time against the passing
 * line, and the latest mock part by part. Plain SVG (no chart library: two small charts do not pay
 * for one in the 50 KB route budget); colours come from the design tokens through CSS, so dark mode
 * follows. The line chart is an image with a one-sentence summary for screen readers, and the
 * numbers are a table one tap away; the part bars are drawn beside their own text.
 */
export function ScoreHistory({ history }: { history: readonly MockHistoryEntry[] }) {
  const titleId = useId();
  const latest = history.at(-1);
  return (
    <section className="quiz-section score-history" aria-labelledby={titleId}>
      <h2 id={titleId} className="quiz-section__title">
        Mock exam history
      </h2>
      {latest ? (
        <div className="card score-history__card">
          <RatingChart history={history} />
          <RatingTable history={history} />
          {latest.parts && latest.parts.length > 0 ? (
            <PartBars entry={latest} parts={latest.parts} />
          ) : null}
        </div>
      ) : (
        <p className="muted">Finish a mock exam to see your ratings over time here.</p>
      )}
    </section>
  );
}

// The line chart's drawing box, in SVG units; it scales to the card's width.
const W = 320;
const H = 172;
const PLOT = { left: 40, right: W - 10, top: 18, bottom: H - 28 };

/**
 * The rating axis runs from a multiple of 25 at least 10 points under the lowest rating (and the
 * passing line) up to 100, so a student's progress is not squeezed into the chart's top third;
 * its labels say where it starts.
 */
function ratingAxis(history: readonly MockHistoryEntry[], passing: number) {
  const lowest = Math.min(passing, ...history.map((e) => e.weightedRating));
  const from = Math.max(0, Math.floor((lowest - 10) / 25) * 25);
  const ticks: number[] = [];
  for (let tick = from; tick <= 100; tick += 25) ticks.push(tick);
  const y = (value: number) =>
    PLOT.bottom -
    ((Math.min(Math.max(value, from), 100) - from) / (100 - from)) * (PLOT.bottom - PLOT.top);
  return { ticks, y };
}

function RatingChart({ history }: { history: readonly MockHistoryEntry[] }) {
  const n = history.length;
  const inset = 14;
  const x = (i: number) =>
    n === 1
      ? (PLOT.left + PLOT.right) / 2
      : PLOT.left + inset + (i * (PLOT.right - PLOT.left - 2 * inset)) / (n - 1);
  const passing = history[n - 1]?.passingAverage ?? 75;
  const { ticks, y } = ratingAxis(history, passing);
  const points = history.map((entry, i) => ({ entry, x: x(i), y: y(entry.weightedRating) }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`);
  // Every date when they fit, else the first and the last.
  const dated = n <= 4 ? points.map((_, i) => i) : [0, n - 1];
  const summary = `Mock exam ratings, oldest to newest: ${history
    .map((e) => percentText(e.weightedRating))
    .join(', ')}. Passing average ${passing}%.`;
  const tip = points[n - 1];

  return (
    <figure className="score-chart__figure">
      <svg
        className="score-chart"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={summary}
        data-testid="score-chart"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <HorizontalRule
              y={y(tick)}
              lineClass="score-chart__grid"
              labelClass="score-chart__tick"
              // The passing mark labels itself; a tick too close to it would overprint it.
              label={Math.abs(tick - passing) >= 8 ? tick : null}
            />
          </g>
        ))}
        <HorizontalRule
          y={y(passing)}
          lineClass="score-chart__pass"
          labelClass="score-chart__pass-label"
          label={passing}
          testId="score-chart-pass"
        />
        {n > 1 ? <path className="score-chart__line" d={path.join(' ')} /> : null}
        {points.map((p) => (
          <circle
            key={p.entry.attemptId}
            className={`score-chart__dot score-chart__dot--${p.entry.passed ? 'pass' : 'fail'}`}
            cx={p.x}
            cy={p.y}
            r={p === tip ? 6 : 4.5}
          />
        ))}
        {tip ? (
          <text
            className="score-chart__value"
            x={tip.x}
            y={tip.y < PLOT.top + 16 ? tip.y + 22 : tip.y - 11}
            textAnchor={n === 1 ? 'middle' : 'end'}
          >
            {percentText(tip.entry.weightedRating)}
          </text>
        ) : null}
        {dated.map((i) => {
          const p = points[i];
          if (!p) return null;
          const anchor = n === 1 ? 'middle' : i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle';
          const at = anchor === 'start' ? p.x - 8 : anchor === 'end' ? p.x + 8 : p.x;
          return (
            <text
              key={p.entry.attemptId}
              className="score-chart__date"
              x={at}
              y={H - 8}
              textAnchor={anchor}
            >
              {manilaShortDate(p.entry.submittedAt)}
            </text>
          );
        })}
      </svg>
      {/* The key, in words; the summary above already says it to screen readers. */}
      <figcaption className="score-chart__key" aria-hidden="true">
        <span className="score-chart__key-item score-chart__key-item--pass-line">
          Passing average
        </span>
        <span className="score-chart__key-item score-chart__key-item--pass">Passed</span>
        <span className="score-chart__key-item score-chart__key-item--fail">Not passed</span>
      </figcaption>
    </figure>
  );
}

/** A line across the plot at `y`, labelled `label`% at the left edge unless `label` is null. */
function HorizontalRule({
  y,
  lineClass,
  labelClass,
  label,
  testId,
}: {
  y: number;
  lineClass: string;
  labelClass: string;
  label: number | null;
  testId?: string;
}) {
  return (
    <>
      <line
        className={lineClass}
        x1={PLOT.left}
        x2={PLOT.right}
        y1={y}
        y2={y}
        data-testid={testId}
      />
      {label === null ? null : (
        <text className={labelClass} x={PLOT.left - 6} y={y + 4} textAnchor="end">
          {label}%
        </text>
      )}
    </>
  );
}

function RatingTable({ history }: { history: readonly MockHistoryEntry[] }) {
  return (
    <details className="score-history__numbers">
      <summary>Show the numbers</summary>
      <table className="score-table">
        <caption className="visually-hidden">Mock exam ratings, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Rating</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {[...history].reverse().map((e) => (
            <tr key={e.attemptId}>
              <td>{manilaDate(e.submittedAt)}</td>
              <td className="score-table__num">{percentText(e.weightedRating)}</td>
              <td>{e.passed ? 'Passed' : 'Not passed'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

type Part = NonNullable<MockHistoryEntry['parts']>[number];

function PartBars({ entry, parts }: { entry: MockHistoryEntry; parts: readonly Part[] }) {
  const headingId = useId();
  const weights = roundToTotal(parts.map((p) => p.weight));
  return (
    <div className="part-bars">
      <h3 id={headingId} className="part-bars__title">
        Latest mock by part{' '}
        <span className="muted part-bars__date">{manilaShortDate(entry.submittedAt)}</span>
      </h3>
      <ul className="part-bars__list" aria-labelledby={headingId}>
        {parts.map((p, i) => {
          const state = p.belowFloor
            ? 'below'
            : p.percentage >= entry.passingAverage
              ? 'pass'
              : 'low';
          return (
            <li key={p.partId} className="part-bars__row" data-state={state}>
              <div className="part-bars__head">
                <span className="part-bars__name">{p.name}</span>
                <span className="part-bars__score">{percentText(p.percentage)}</span>
              </div>
              <svg
                className="part-bars__bar"
                viewBox="0 0 100 10"
                preserveAspectRatio="none"
                aria-hidden="true"
              >
                <rect className="part-bars__track" x={0} y={0} width={100} height={10} />
                <rect
                  className="part-bars__fill"
                  x={0}
                  y={0}
                  width={Math.min(Math.max(p.percentage, 0), 100)}
                  height={10}
                />
                {p.floor > 0 ? (
                  <line
                    className="part-bars__floor"
                    x1={p.floor}
                    x2={p.floor}
                    y1={0}
                    y2={10}
                    vectorEffect="non-scaling-stroke"
                  />
                ) : null}
              </svg>
              <span className="muted part-bars__meta">{partFacts(p, weights[i] ?? 0)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
