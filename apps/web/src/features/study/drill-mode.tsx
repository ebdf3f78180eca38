import {
  DRILL_DEFAULT_ITEMS,
  DRILL_ITEM_SECONDS,
  DRILL_MAX_SPEED_BONUS,
  DRILL_POINTS_PER_CORRECT,
  type DrillAnswerResponse,
  type DrillResult,
  type DrillRun,
  PATHS,
} from '@pasado/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { StemText } from '../../components/stem-text.tsx';
import { ApiError, isRetryable } from '../../lib/api.ts';
import { reportContentDenied } from '../../lib/content-denied.ts';
import { countText } from '../../lib/format.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { launcherHref } from '../../lib/study-links.ts';
import { useWindowKeydown } from '../../lib/use-window-keydown.ts';
import { answerDrill, finishDrill, startDrill } from './api/drill-run.ts';
import { studyOverviewQueryKey } from './api/get-study-overview.ts';
import { errorText, StudyError } from './study-states.tsx';
import { StreakLine, StudySummary } from './study-summary.tsx';
import { useStudyScope } from './use-study-scope.ts';

/** How long the right/wrong mark stays before the next item (part of the next item's time). */
const FEEDBACK_MS = 700;
const TICK_MS = 100;

async function withRetry<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries || !isRetryable(error)) throw error;
      await new Promise((r) => setTimeout(r, 600 * attempt));
    }
  }
}

/**
 * Drill (issue 4 item 6): a timed rapid run. Each item has a timer bar of DRILL_ITEM_SECONDS; the
 * server grades every answer and, at the end, the run (core gradeDrill). The points earned stay
 * unclaimed until the student claims them on Tasks.
 */
export function DrillMode() {
  const { reviewer, scope } = useStudyScope();
  const client = useQueryClient();
  const [run, setRun] = useState<DrillRun | null>(null);
  const [result, setResult] = useState<DrillResult | null>(null);

  const start = useMutation({
    mutationFn: () =>
      startDrill(reviewer, {
        ...(scope.subjectId ? { subjectId: scope.subjectId } : {}),
        ...(scope.topicId ? { topicId: scope.topicId } : {}),
      }),
    onSuccess: (next) => {
      setResult(null);
      setRun(next);
    },
  });

  const onFinished = useCallback(
    (next: DrillResult) => {
      setResult(next);
      setRun(null);
      void client.invalidateQueries({ queryKey: meQueryKey });
      void client.invalidateQueries({ queryKey: studyOverviewQueryKey(reviewer) });
    },
    [client, reviewer],
  );

  if (result) {
    return (
      <DrillSummary
        result={result}
        onAgain={() => start.mutate()}
        busy={start.isPending}
        backHref={launcherHref(reviewer, scope)}
      />
    );
  }
  if (run) {
    return (
      <DrillRunView key={run.attemptId} reviewer={reviewer} run={run} onFinished={onFinished} />
    );
  }
  return (
    <>
      <header className="study-head stack">
        <h1 className="study-head__title">Drill</h1>
        <p className="study-head__meta">A fast, timed run of questions.</p>
      </header>
      <section className="card drill-intro" aria-label="How a drill works">
        <ul className="drill-intro__list">
          <li>
            Up to <strong>{DRILL_DEFAULT_ITEMS} questions</strong>, {DRILL_ITEM_SECONDS} seconds
            each.
          </li>
          <li>
            <strong>{DRILL_POINTS_PER_CORRECT} points</strong> per correct answer, plus up to{' '}
            {DRILL_MAX_SPEED_BONUS} for speed.
          </li>
          <li>Drill points stay unclaimed until you claim them on Tasks.</li>
        </ul>
        {start.isError ? (
          <StudyError message={errorText(start.error, 'We could not start the drill.')} />
        ) : null}
        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          onClick={() => start.mutate()}
          disabled={start.isPending}
        >
          {start.isPending ? 'Starting…' : 'Start drill'}
        </button>
      </section>
    </>
  );
}

function DrillRunView({
  reviewer,
  run,
  onFinished,
}: {
  reviewer: string;
  run: DrillRun;
  onFinished: (result: DrillResult) => void;
}) {
  const [position, setPosition] = useState(0);
  const [feedback, setFeedback] = useState<
    (DrillAnswerResponse & { choice: number | null }) | null
  >(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [remainingMs, setRemainingMs] = useState(DRILL_ITEM_SECONDS * 1000);
  const [score, setScore] = useState(0);
  // The item's clock starts when the previous answer was given, as the server measures it.
  const itemStart = useRef(Date.now());
  const lastChoice = useRef<number | null>(null);
  const item = run.items[position];
  const total = run.items.length;
  // The subscription ended during the run: the page moves (lib/content-denied.ts).
  const fail = useCallback((e: unknown) => {
    reportContentDenied(e);
    setError(e);
  }, []);

  const finish = useCallback(async () => {
    setSending(true);
    setError(null);
    try {
      onFinished(await withRetry(() => finishDrill(reviewer, run.attemptId)));
    } catch (e) {
      fail(e);
      setSending(false);
    }
  }, [onFinished, reviewer, run.attemptId, fail]);

  const answer = useCallback(
    async (choiceIndex: number | null) => {
      if (sending || feedback || !item) return;
      lastChoice.current = choiceIndex;
      setSending(true);
      setError(null);
      try {
        const res = await withRetry(() =>
          answerDrill(reviewer, run.attemptId, { position: item.position, choiceIndex }),
        );
        setFeedback({ ...res, choice: choiceIndex });
        setScore((s) => s + res.points);
        setSending(false);
      } catch (e) {
        setSending(false);
        if (e instanceof ApiError && e.code === 'FAILED_PRECONDITION') {
          // The run's deadline passed (or it was finished elsewhere): grade what was answered.
          await finish();
          return;
        }
        fail(e);
      }
    },
    [sending, feedback, item, reviewer, run.attemptId, finish, fail],
  );

  // After the right/wrong mark, move on (or end the run after the last item).
  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => {
      setFeedback(null);
      if (position + 1 >= total) void finish();
      else {
        setPosition((p) => p + 1);
        setRemainingMs(DRILL_ITEM_SECONDS * 1000 - (Date.now() - itemStart.current));
      }
    }, FEEDBACK_MS);
    itemStart.current = Date.now();
    return () => clearTimeout(timer);
  }, [feedback, position, total, finish]);

  // The per-item timer: when it runs out the item is sent as unanswered.
  useEffect(() => {
    if (feedback || sending || error || !item) return;
    const tick = setInterval(() => {
      const left = DRILL_ITEM_SECONDS * 1000 - (Date.now() - itemStart.current);
      setRemainingMs(Math.max(0, left));
      if (left <= 0) {
        clearInterval(tick);
        void answer(null);
      }
    }, TICK_MS);
    return () => clearInterval(tick);
  }, [feedback, sending, error, item, answer]);

  useWindowKeydown((event) => {
    const n = Number(event.key);
    if (!item || !Number.isInteger(n) || n < 1 || n > item.choices.length) return;
    if ((event.target as HTMLElement | null)?.closest('input, select, textarea')) return;
    event.preventDefault();
    void answer(n - 1);
  });

  if (!item) return null;
  const seconds = Math.ceil(remainingMs / 1000);
  const low = remainingMs <= 5_000;

  return (
    <>
      <header className="study-head drill-head stack">
        <div className="drill-head__row row-spread">
          <h1 className="study-head__title">
            Question {position + 1} of {total}
          </h1>
          <span className="drill-score" aria-live="polite">
            {score} pts
          </span>
        </div>
        <div className="drill-timer">
          <ProgressBar
            value={feedback ? 0 : remainingMs}
            max={DRILL_ITEM_SECONDS * 1000}
            label="Time left for this question"
            tone={low ? 'danger' : 'primary'}
            size="md"
          />
          <span className="drill-timer__text" aria-hidden="true">
            {feedback ? '' : `${seconds} s`}
          </span>
        </div>
      </header>
      <section className="card drill-item" aria-labelledby="drill-stem">
        <p className="drill-item__topic">{item.topicName}</p>
        <StemText id="drill-stem" className="drill-item__stem" stem={item.stem} />
        <ol className="drill-choices stack">
          {item.choices.map((choice, i) => {
            const state = !feedback
              ? undefined
              : i === feedback.answerIndex
                ? 'right'
                : i === feedback.choice
                  ? 'wrong'
                  : undefined;
            return (
              <li key={choice}>
                <button
                  type="button"
                  className="option-button drill-choice"
                  data-state={state}
                  disabled={sending || feedback !== null}
                  onClick={() => void answer(i)}
                  aria-keyshortcuts={String(i + 1)}
                >
                  <span className="drill-choice__key" aria-hidden="true">
                    {String.fromCharCode(65 + i)}
                  </span>
                  <span>{choice}</span>
                </button>
              </li>
            );
          })}
        </ol>
        <p className="drill-feedback" aria-live="assertive">
          {feedback
            ? feedback.choice === null
              ? 'Time’s up.'
              : feedback.correct
                ? `Correct! +${countText(feedback.points, 'point')}`
                : 'Not quite.'
            : ''}
        </p>
      </section>
      {error ? (
        <StudyError
          message={errorText(error, 'We could not send your answer.')}
          onRetry={() => {
            if (feedback === null && position < total) void answer(lastChoice.current);
            else void finish();
          }}
        />
      ) : null}
      <button
        type="button"
        className="btn btn--ghost btn--block"
        onClick={() => void finish()}
        disabled={sending}
      >
        End drill now
      </button>
    </>
  );
}

function DrillSummary({
  result,
  onAgain,
  busy,
  backHref,
}: {
  result: DrillResult;
  onAgain: () => void;
  busy: boolean;
  backHref: string;
}) {
  return (
    <StudySummary
      titleId="drill-done-title"
      title="Drill complete"
      level={1}
      big={
        <>
          {result.correct} of {result.total} correct
        </>
      }
      again={
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={onAgain}
          disabled={busy}
        >
          {busy ? 'Starting…' : 'Drill again'}
        </button>
      }
      backHref={backHref}
    >
      <div className="drill-points">
        <p className="drill-points__value">+{countText(result.points, 'drill point')}</p>
        <p className="drill-points__note">
          Unclaimed — claim them on <Link to={PATHS.tasks}>Tasks</Link>.
        </p>
        <p className="drill-points__total">
          You have {countText(result.unclaimedDrillPoints, 'unclaimed drill point')}.
        </p>
      </div>
      <StreakLine streak={result.streak > 0 ? result.streak : null} />
    </StudySummary>
  );
}
