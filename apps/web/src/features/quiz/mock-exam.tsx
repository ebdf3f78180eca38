import {
  type AttemptItem,
  type AttemptSitting,
  type AttemptState,
  formatClock,
  type SaveAnswerRequest,
  type SaveAnswerResponse,
  sittingPhase,
} from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { reportContentDenied } from '../../lib/content-denied.ts';
import {
  enqueue,
  flush,
  onOutboxOutcome,
  outboxState,
  useOutbox,
} from '../../lib/offline/outbox.ts';
import { useClaims } from '../../lib/session/get-claims.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { useOnline } from '../../lib/use-online.ts';
import {
  attemptQueryKey,
  attemptQueryOptions,
  finishSitting,
  queueAnswer,
  startSitting,
  submitAttempt,
} from './api/attempts.ts';
import { quizHomeQueryKey } from './api/get-quiz-home.ts';
import { itemsText, minutesText } from './format.ts';
import { refreshKeptForYouKit } from './keep-lite-pool.ts';
import { QuestionView } from './question-view.tsx';
import { TimerIcon } from './quiz-icons.tsx';
import { QuizNav, QuizProgress } from './quiz-nav.tsx';
import { QuizResult } from './quiz-result.tsx';
import { ReportButton } from './report-dialog.tsx';
import { useCountdown } from './use-countdown.ts';
import { useScrollTopOn } from './use-scroll-top.ts';

type Pending = Record<string, SaveAnswerRequest>;

/**
 * The mock exam (issue 4): the clock counts down from the server's deadline; every answer and flag
 * goes through the device's outbox (lib/offline/outbox.ts: kept in IndexedDB first, sent as given,
 * queued while offline and sent when back, in order, on the server's deadline); a
 * navigator shows answered and flagged items; at time up the exam is submitted. A mock in sittings
 * (issue 12 item 4) shows only the running part, on its own clock, and between parts a break the
 * student ends by starting the next; the result comes after the last part.
 */
export function MockExam({ state }: { state: AttemptState }) {
  if (state.status === 'submitted') return <QuizResult state={state} />;
  const sittings = state.sittings;
  if (!sittings) return <MockInProgress state={state} sitting={null} />;
  const phase = sittingPhase(sittings);
  if (phase.kind === 'break') return <SittingBreak state={state} sittings={sittings} />;
  const sitting = phase.kind === 'running' ? (sittings[phase.index] ?? null) : null;
  // Keyed by the sitting: the next part starts on its first item with a fresh finish state.
  return <MockInProgress key={sitting?.number ?? 0} state={state} sitting={sitting} />;
}

/** "Part 1 of 2 — General Education" */
const partLabel = (sitting: AttemptSitting, count: number) =>
  `Part ${sitting.number} of ${count} — ${sitting.name}`;

/** How long after a failed submit, with the time up, it is tried again. */
const TIME_UP_RETRY_MS = 5_000;

function MockInProgress({
  state,
  sitting,
}: {
  state: AttemptState;
  /** The running sitting of a mock in sittings; null for a mock on one clock. */
  sitting: AttemptSitting | null;
}) {
  const client = useQueryClient();
  const online = useOnline();
  const uid = useClaims().data?.uid;
  const { attemptId, reviewer } = state;
  const outbox = useOutbox();
  const pending = useMemo(() => {
    const map: Pending = {};
    for (const e of outbox.entries)
      if (e.kind === 'mock-answer' && e.meta.attemptId === attemptId && e.meta.questionId)
        map[e.meta.questionId] = e.body as SaveAnswerRequest;
    return map;
  }, [outbox.entries, attemptId]);
  const [index, setIndex] = useState(0);
  const [navOpen, setNavOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // 'refused': the server refused on the paywall (lib/content-denied.ts moves the page); trying
  // again would meet the same refusal, and with the time up it was tried again at once, forever.
  const [finishing, setFinishing] = useState<'idle' | 'busy' | 'failed' | 'refused'>('idle');
  const left = useCountdown(state.deadlineAt, state.serverNow);
  const navId = useId();
  useScrollTopOn(index);

  // The server's answer for each sent change; a 409 means time is up or the exam was submitted
  // elsewhere, so the server has the final word and the attempt is read again.
  useEffect(
    () =>
      onOutboxOutcome((outcome) => {
        const { entry } = outcome;
        if (entry.kind !== 'mock-answer' || entry.meta.attemptId !== attemptId) return;
        if (outcome.ok) {
          const { item, serverNow } = outcome.body as SaveAnswerResponse;
          client.setQueryData<AttemptState>(attemptQueryKey(attemptId), (old) =>
            old
              ? {
                  ...old,
                  serverNow,
                  items: old.items.map((i) => (i.questionId === item.questionId ? item : i)),
                }
              : old,
          );
        } else if (outcome.status === 409) {
          void client.fetchQuery({ ...attemptQueryOptions(reviewer, attemptId), staleTime: 0 });
        }
      }),
    [client, attemptId, reviewer],
  );

  const change = (questionId: string, next: { choiceIndex?: number | null; flagged?: boolean }) => {
    void enqueue(queueAnswer(reviewer, attemptId, questionId, next), { merge: true });
  };

  const sittingNumber = sitting?.number ?? null;
  const finish = useCallback(async () => {
    setFinishing('busy');
    await flush();
    // An answer still waiting (its send failed and waits to be tried again, or the outbox has not
    // started yet) would be refused once the exam is submitted, and the exam rated without it:
    // the submit waits for it.
    const waiting = outboxState().entries.some(
      (e) => e.kind === 'mock-answer' && e.meta.attemptId === attemptId,
    );
    if (waiting) {
      setFinishing('failed');
      return;
    }
    try {
      const done =
        sittingNumber === null
          ? await submitAttempt(reviewer, attemptId)
          : await finishSitting(reviewer, attemptId, sittingNumber);
      client.setQueryData(attemptQueryKey(attemptId), done);
      void client.invalidateQueries({ queryKey: quizHomeQueryKey });
      void client.invalidateQueries({ queryKey: meQueryKey });
      if (done.status === 'submitted' && uid) void refreshKeptForYouKit(uid, reviewer);
    } catch (error) {
      setFinishing(reportContentDenied(error) ? 'refused' : 'failed');
    }
  }, [reviewer, attemptId, client, sittingNumber, uid]);

  // Time up: submit (the server would anyway on the next read or write).
  const timeUp = left === 0;
  useEffect(() => {
    if (timeUp && finishing === 'idle') void finish();
  }, [timeUp, finishing, finish]);
  // With the time up, a submit that failed is tried again a few seconds later while online (at
  // once, a server answering 5xx or an answer that cannot be sent yet was asked again and again).
  useEffect(() => {
    if (!(online && finishing === 'failed' && timeUp)) return;
    const retry = setTimeout(() => void finish(), TIME_UP_RETRY_MS);
    return () => clearTimeout(retry);
  }, [online, finishing, timeUp, finish]);

  const items = state.items;
  const item = items[index];
  if (!item) return null;
  const choiceOf = (i: AttemptItem) =>
    pending[i.questionId]?.choiceIndex !== undefined
      ? (pending[i.questionId]?.choiceIndex ?? null)
      : i.choiceIndex;
  const flaggedOf = (i: AttemptItem) => pending[i.questionId]?.flagged ?? i.flagged;
  const answered = items.filter((i) => choiceOf(i) !== null).length;
  const flagged = items.filter(flaggedOf).length;
  const waiting = Object.keys(pending).length;
  const part = state.parts?.find((p) => p.partId === item.partId);
  const lowTime = left !== null && left < 5 * 60_000;
  const sittingCount = state.sittings?.length ?? 0;
  // Finishing a part before the last one leads to the break, not to the result.
  const finishLabel =
    sitting && sitting.number < sittingCount ? `Finish Part ${sitting.number}` : 'Submit exam';
  const shownParts = state.parts?.filter((p) => items.some((i) => i.partId === p.partId)) ?? null;

  return (
    <div className="quiz quiz--mock">
      <div className="mock-bar">
        <div className="mock-bar__clock" data-low={lowTime}>
          <TimerIcon className="mock-bar__icon" />
          <span className="visually-hidden">Time left</span>
          <span role="timer" aria-live="off" data-testid="clock">
            {left === null ? '–' : formatClock(left)}
          </span>
        </div>
        <output
          className="sync"
          data-state={online ? (waiting === 0 ? 'saved' : 'saving') : 'waiting'}
          aria-live="polite"
        >
          {waiting === 0
            ? 'All answers saved'
            : online
              ? 'Saving…'
              : `Offline: ${waiting} will send when online`}
        </output>
      </div>
      {sitting ? (
        <p className="sitting-label" data-testid="sitting-label">
          {partLabel(sitting, sittingCount)}
        </p>
      ) : null}
      <QuizProgress answered={answered} total={items.length} />

      {finishing !== 'idle' ? (
        <section className="card" role="status">
          <h2 className="quiz-card__title">
            {timeUp ? 'Time is up' : sitting ? `Finishing Part ${sitting.number}…` : 'Submitting…'}
          </h2>
          <p className="muted">
            {finishing === 'failed'
              ? 'We could not reach the server. Your answers are kept on this device and your result will show once you are back online.'
              : sitting && sitting.number < sittingCount
                ? `Sending your answers for Part ${sitting.number}.`
                : 'Sending your answers and rating your exam.'}
          </p>
          {finishing === 'failed' ? (
            <button type="button" className="btn btn--primary" onClick={() => void finish()}>
              Try again
            </button>
          ) : null}
        </section>
      ) : (
        <>
          <section className="card quiz__card">
            {/* In sittings the part is named above, once for the whole sitting. */}
            {part && !sitting ? <p className="question__part">{part.name}</p> : null}
            <QuestionView
              item={item}
              number={index + 1}
              total={items.length}
              choice={choiceOf(item)}
              onChoose={(choiceIndex) =>
                change(item.questionId, {
                  choiceIndex: choiceOf(item) === choiceIndex ? null : choiceIndex,
                })
              }
            />
            <div className="quiz-tools">
              <button
                type="button"
                className="btn btn--ghost quiz-tool"
                aria-pressed={flaggedOf(item)}
                onClick={() => change(item.questionId, { flagged: !flaggedOf(item) })}
              >
                {flaggedOf(item) ? '★ Flagged' : '☆ Flag for review'}
              </button>
              <ReportButton reviewer={reviewer} questionId={item.questionId} />
            </div>
          </section>

          <QuizNav
            onPrevious={() => setIndex(index - 1)}
            isFirst={index === 0}
            forward={
              index < items.length - 1
                ? { label: 'Next', onClick: () => setIndex(index + 1) }
                : { label: finishLabel, onClick: () => setConfirming(true) }
            }
          />

          <section className="navigator" aria-label="Questions">
            <button
              type="button"
              className="navigator__toggle"
              aria-expanded={navOpen}
              aria-controls={navId}
              onClick={() => setNavOpen(!navOpen)}
            >
              <span>Questions</span>
              <span className="muted">
                {answered} answered · {flagged} flagged
              </span>
            </button>
            {navOpen ? (
              <div id={navId} className="navigator__panel">
                <ul className="navigator__legend" aria-hidden="true">
                  <li className="navigator__key" data-answered="true">
                    Answered
                  </li>
                  <li className="navigator__key" data-flagged="true">
                    Flagged
                  </li>
                  <li className="navigator__key">Not answered</li>
                </ul>
                {(shownParts ?? [{ partId: null, name: '', items: items.length, minutes: 0 }]).map(
                  (p) => (
                    <div key={p.partId ?? 'all'} className="navigator__part">
                      {shownParts && shownParts.length > 1 ? (
                        <h3 className="navigator__part-name">{p.name}</h3>
                      ) : null}
                      <ol className="navigator__grid">
                        {items.map((i, n) =>
                          p.partId === null || i.partId === p.partId ? (
                            <li key={i.questionId}>
                              <button
                                type="button"
                                className="navigator__item"
                                data-answered={choiceOf(i) !== null}
                                data-flagged={flaggedOf(i)}
                                aria-current={n === index ? 'step' : undefined}
                                aria-label={`Item ${n + 1}${choiceOf(i) !== null ? ', answered' : ''}${flaggedOf(i) ? ', flagged' : ''}`}
                                onClick={() => {
                                  setIndex(n);
                                  setNavOpen(false);
                                }}
                              >
                                {n + 1}
                              </button>
                            </li>
                          ) : null,
                        )}
                      </ol>
                    </div>
                  ),
                )}
              </div>
            ) : null}
          </section>

          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => setConfirming(true)}
          >
            {finishLabel}
          </button>
        </>
      )}

      {confirming ? (
        <ConfirmSubmit
          part={sitting && sitting.number < sittingCount ? sitting.number : null}
          unanswered={items.length - answered}
          flagged={flagged}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void finish();
          }}
        />
      ) : null}
    </div>
  );
}

function ConfirmSubmit({
  part,
  unanswered,
  flagged,
  onCancel,
  onConfirm,
}: {
  /** The part being finished when it is not the last one (a mock in sittings). */
  part: number | null;
  unanswered: number;
  flagged: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onCancel}>
      <h2 id={titleId} className="dialog__title">
        {part === null ? 'Submit your exam?' : `Finish Part ${part}?`}
      </h2>
      <p className="dialog__text">
        {unanswered > 0
          ? `${unanswered} ${unanswered === 1 ? 'item is' : 'items are'} not answered and will count as wrong.`
          : 'Every item is answered.'}
        {flagged > 0 ? ` ${flagged} flagged for review.` : ''}{' '}
        {part === null
          ? 'You cannot change answers after this.'
          : `You cannot return to Part ${part} after this. Part ${part + 1} starts when you are ready.`}
      </p>
      <div className="dialog__actions quiz-report__actions">
        <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
          Keep answering
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirm}>
          {part === null ? 'Submit' : `Finish Part ${part}`}
        </button>
      </div>
    </dialog>
  );
}

/**
 * Between the parts of a mock in sittings: what is done, what is next, and that the break is the
 * student's; the next part's clock starts only when they press "Start Part n".
 */
function SittingBreak({ state, sittings }: { state: AttemptState; sittings: AttemptSitting[] }) {
  const client = useQueryClient();
  const [starting, setStarting] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const next = sittings.find((s) => s.startedAt === null);
  const done = sittings.filter((s) => s.submittedAt !== null);
  const last = done[done.length - 1];
  if (!next || !last) return null;
  const timedOut = last.deadlineAt !== null && last.submittedAt === last.deadlineAt;

  const start = async () => {
    setStarting('busy');
    setError(null);
    // Only a request that never left the phone surely did not start the part: one that failed
    // on the way may have started it, and the break would then be spent on its clock.
    const offline = !navigator.onLine;
    try {
      const running = await startSitting(state.reviewer, state.attemptId, next.number);
      client.setQueryData(attemptQueryKey(state.attemptId), running);
      void client.invalidateQueries({ queryKey: quizHomeQueryKey });
    } catch (failure) {
      // The paywall (a mock submitted meanwhile, its review now content): the page moves.
      reportContentDenied(failure);
      setStarting('failed');
      const refused = failure instanceof ApiError && failure.status < 500;
      setError(
        refused
          ? failure.message
          : offline
            ? `You are offline: the clock of Part ${next.number} has not started. Start it when you are back online.`
            : `We could not reach the server. Part ${next.number} may have started: try again to open it.`,
      );
      // Another device may have moved on, or the part started: show where the exam stands now
      // (read again once the phone is back online).
      if (!offline && !(refused && failure.status !== 409)) {
        void client.invalidateQueries({ queryKey: attemptQueryKey(state.attemptId) });
      }
    }
  };

  return (
    <div className="quiz quiz--mock sitting-break">
      <section className="card sitting-break__done" aria-labelledby={headingId}>
        <p className="sitting-break__check" aria-hidden="true">
          ✓
        </p>
        <h2 id={headingId} className="quiz-card__title">
          {partLabel(last, sittings.length)} — finished
        </h2>
        <p className="muted">
          {timedOut ? 'Its time ran out. ' : ''}You answered {last.answered} of {last.items}{' '}
          {last.items === 1 ? 'item' : 'items'}. Your answers are saved.
        </p>
      </section>

      <section className="card sitting-break__next" aria-labelledby={`${headingId}-next`}>
        <p className="sitting-break__eyebrow">Next</p>
        <h2 id={`${headingId}-next`} className="quiz-card__title">
          Part {next.number} — {next.name}
        </h2>
        <p className="sitting-break__facts">
          <span>{itemsText(next.items)}</span>
          <span aria-hidden="true"> · </span>
          <span>{minutesText(next.minutes)}</span>
        </p>
        <p>
          Take your break: it is yours. The {next.minutes}-minute clock of Part {next.number} starts
          only when you press <strong>Start Part {next.number}</strong>.
        </p>
        {error ? (
          <p className="notice notice--danger" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          onClick={() => void start()}
          disabled={starting === 'busy'}
        >
          {starting === 'busy' ? 'Starting…' : `Start Part ${next.number}`}
        </button>
      </section>

      {sittings.length > 2 ? (
        <ol className="sitting-break__list" aria-label="Parts">
          {sittings.map((s) => (
            <li key={s.number} data-state={s.submittedAt ? 'done' : s === next ? 'next' : 'later'}>
              Part {s.number} — {s.name}:{' '}
              {s.submittedAt ? 'finished' : s === next ? 'next' : 'later'}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
