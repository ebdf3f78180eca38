import { type AttemptItem, type AttemptState, formatClock } from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { useOnline } from '../../lib/use-online.ts';
import { acknowledge, clearQueue, enqueue, readQueue } from './answer-queue.ts';
import { attemptQueryKey, attemptQueryOptions, saveAnswer, submitAttempt } from './api/attempts.ts';
import { quizHomeQueryKey } from './api/get-quiz-home.ts';
import { QuestionView } from './question-view.tsx';
import { TimerIcon } from './quiz-icons.tsx';
import { QuizNav, QuizProgress } from './quiz-nav.tsx';
import { QuizResult } from './quiz-result.tsx';
import { ReportButton } from './report-dialog.tsx';
import { useCountdown } from './use-countdown.ts';
import { useScrollTopOn } from './use-scroll-top.ts';

type Pending = ReturnType<typeof readQueue>;
type Sync = 'saved' | 'saving' | 'waiting';

/**
 * The mock exam (issue 4): the clock counts down from the server's deadline; every answer and flag
 * is kept on the device first and sent as given (queued while offline, sent when back); a
 * navigator shows answered and flagged items; at time up the exam is submitted.
 */
export function MockExam({ state }: { state: AttemptState }) {
  if (state.status === 'submitted') return <QuizResult state={state} />;
  return <MockInProgress state={state} />;
}

function MockInProgress({ state }: { state: AttemptState }) {
  const client = useQueryClient();
  const online = useOnline();
  const { attemptId, reviewer } = state;
  const [pending, setPending] = useState<Pending>(() => readQueue(attemptId));
  const [index, setIndex] = useState(0);
  const [navOpen, setNavOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sync, setSync] = useState<Sync>('saved');
  const [finishing, setFinishing] = useState<'idle' | 'busy' | 'failed'>('idle');
  const flushing = useRef(false);
  const left = useCountdown(state.deadlineAt, state.serverNow);
  const navId = useId();
  useScrollTopOn(index);

  const updateItem = useCallback(
    (next: AttemptItem) =>
      client.setQueryData<AttemptState>(attemptQueryKey(attemptId), (old) =>
        old
          ? { ...old, items: old.items.map((i) => (i.questionId === next.questionId ? next : i)) }
          : old,
      ),
    [client, attemptId],
  );

  /** Sends the queued changes one by one; stops at the first network failure (retried later). */
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      for (;;) {
        const queue = readQueue(attemptId);
        const entry = Object.entries(queue)[0];
        if (!entry) {
          setSync('saved');
          return;
        }
        setSync('saving');
        const [questionId, change] = entry;
        const { seq, ...body } = change;
        try {
          const { item } = await saveAnswer(reviewer, attemptId, questionId, body);
          acknowledge(attemptId, questionId, seq);
          updateItem(item);
        } catch (error) {
          if (!(error instanceof ApiError) || error.status >= 500) {
            setSync('waiting');
            return;
          }
          if (error.status === 409) {
            // Time is up or the exam was submitted elsewhere: the server has the final word.
            clearQueue(attemptId);
            await client.fetchQuery({ ...attemptQueryOptions(reviewer, attemptId), staleTime: 0 });
            return;
          }
          acknowledge(attemptId, questionId, seq); // refused for good (e.g. an item gone)
        } finally {
          setPending(readQueue(attemptId));
        }
      }
    } finally {
      flushing.current = false;
    }
  }, [attemptId, reviewer, client, updateItem]);

  // Send what an earlier visit left behind, again whenever the device is back online, and retry
  // every 15 s while something waits (a flaky connection does not always fire "online").
  useEffect(() => {
    if (online) void flush();
  }, [online, flush]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (Object.keys(readQueue(attemptId)).length > 0) void flush();
    }, 15_000);
    return () => clearInterval(timer);
  }, [attemptId, flush]);

  const change = (questionId: string, next: { choiceIndex?: number | null; flagged?: boolean }) => {
    enqueue(attemptId, questionId, next);
    setPending(readQueue(attemptId));
    setSync(navigator.onLine ? 'saving' : 'waiting');
    void flush();
  };

  const finish = useCallback(async () => {
    setFinishing('busy');
    await flush();
    try {
      const done = await submitAttempt(reviewer, attemptId);
      clearQueue(attemptId);
      client.setQueryData(attemptQueryKey(attemptId), done);
      void client.invalidateQueries({ queryKey: quizHomeQueryKey });
      void client.invalidateQueries({ queryKey: meQueryKey });
    } catch {
      setFinishing('failed');
    }
  }, [flush, reviewer, attemptId, client]);

  // Time up: submit (the server would anyway on the next read or write).
  const timeUp = left === 0;
  useEffect(() => {
    if (timeUp && finishing === 'idle') void finish();
  }, [timeUp, finishing, finish]);
  useEffect(() => {
    if (online && finishing === 'failed' && timeUp) void finish();
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
        <output className="sync" data-state={online ? sync : 'waiting'} aria-live="polite">
          {waiting === 0
            ? 'All answers saved'
            : online
              ? 'Saving…'
              : `Offline: ${waiting} will send when online`}
        </output>
      </div>
      <QuizProgress answered={answered} total={items.length} />

      {finishing !== 'idle' ? (
        <section className="card" role="status">
          <h2 className="quiz-card__title">{timeUp ? 'Time is up' : 'Submitting…'}</h2>
          <p className="muted">
            {finishing === 'failed'
              ? 'We could not reach the server. Your answers are kept on this device and your result will show once you are back online.'
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
            {part ? <p className="question__part">{part.name}</p> : null}
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
                : { label: 'Submit exam', onClick: () => setConfirming(true) }
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
                {(state.parts ?? [{ partId: null, name: '', items: items.length, minutes: 0 }]).map(
                  (p) => (
                    <div key={p.partId ?? 'all'} className="navigator__part">
                      {state.parts && state.parts.length > 1 ? (
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
            Submit exam
          </button>
        </>
      )}

      {confirming ? (
        <ConfirmSubmit
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
  unanswered,
  flagged,
  onCancel,
  onConfirm,
}: {
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
        Submit your exam?
      </h2>
      <p className="dialog__text">
        {unanswered > 0
          ? `${unanswered} ${unanswered === 1 ? 'item is' : 'items are'} not answered and will count as wrong.`
          : 'Every item is answered.'}
        {flagged > 0 ? ` ${flagged} flagged for review.` : ''} You cannot change answers after this.
      </p>
      <div className="dialog__actions quiz-report__actions">
        <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
          Keep answering
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirm}>
          Submit
        </button>
      </div>
    </dialog>
  );
}
