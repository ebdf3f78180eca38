import type { AttemptItem, AttemptState } from '@pasado/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { reportContentDenied } from '../../lib/content-denied.ts';
import { useClaims } from '../../lib/session/get-claims.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { attemptQueryKey, attemptQueryOptions, saveAnswer, submitAttempt } from './api/attempts.ts';
import { quizHomeQueryKey } from './api/get-quiz-home.ts';
import { refreshKeptForYouKit } from './keep-lite-pool.ts';
import { rememberLiteAnswers } from './offline-lite.ts';
import { QuestionView, Rationale } from './question-view.tsx';
import { QuizNav, QuizProgress } from './quiz-nav.tsx';
import { type OfflineNote, QuizResult } from './quiz-result.tsx';
import { ReportButton } from './report-dialog.tsx';
import { useTrackLite } from './unfinished-lite.ts';
import { useScrollTopOn } from './use-scroll-top.ts';

const networkText = 'Not sent. Check your connection and try again.';
const WAITING_TEXT = {
  answer: 'Not sent yet: your answer goes as soon as your connection is back.',
  finish: 'Not sent yet: your summary comes as soon as your connection is back.',
} as const;
/** A refusal the server decided (its words are shown), not a reply lost on the way. */
const refused = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status < 500;
const errorText = (error: unknown) => (refused(error) ? error.message : networkText);
/** How often a write waiting for the connection is tried again while the phone says online. */
const RESEND_MS = 5_000;

/** A write lost on the way, sent again by itself: an answer, or the finish. */
type Waiting = { kind: 'answer'; questionId: string; choiceIndex: number } | { kind: 'finish' };

/**
 * What answering and finishing do: on the server for a quiz started online, on the device for one
 * taken offline (offline-lite.ts). Each keeps what the screen shows current itself.
 */
export type LiteActions = {
  save(questionId: string, change: { choiceIndex?: number; flagged?: boolean }): Promise<void>;
  finish(): Promise<void>;
};

function serverActions(
  client: QueryClient,
  state: AttemptState,
  uid: string | undefined,
): LiteActions {
  const updateItem = (next: AttemptItem) =>
    client.setQueryData<AttemptState>(attemptQueryKey(state.attemptId), (old) =>
      old
        ? { ...old, items: old.items.map((i) => (i.questionId === next.questionId ? next : i)) }
        : old,
    );
  return {
    async save(questionId, change) {
      try {
        const { item } = await saveAnswer(state.reviewer, state.attemptId, questionId, change);
        updateItem(item);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        // The server has the final word: an answer whose reply was lost on the way is already
        // saved (a lite answer is final), or the set was finished elsewhere. Read it again and
        // show that, rather than an item that can neither be answered nor left.
        const current = await client.fetchQuery({
          ...attemptQueryOptions(state.reviewer, state.attemptId),
          staleTime: 0,
        });
        const saved = current.items.find((i) => i.questionId === questionId);
        if (current.status === 'in_progress' && saved?.choiceIndex === null) throw error;
      }
    },
    async finish() {
      const done = await submitAttempt(state.reviewer, state.attemptId);
      client.setQueryData(attemptQueryKey(state.attemptId), done);
      // The next quiz taken offline starts with items not seen here.
      if (uid) {
        const answered = done.items.filter((i) => i.choiceIndex !== null);
        rememberLiteAnswers(
          uid,
          state.reviewer,
          answered.map((i) => i.questionId),
        );
        void refreshKeptForYouKit(uid, state.reviewer);
      }
      void client.invalidateQueries({ queryKey: quizHomeQueryKey });
      void client.invalidateQueries({ queryKey: meQueryKey });
    },
  };
}

/**
 * A lite quiz (issue 4): one item at a time, the answer and rationale after each, then a summary.
 * `actions` and `offline` for one taken with no connection (issue 11).
 */
export function LiteQuiz({
  state,
  actions,
  offline = null,
}: {
  state: AttemptState;
  actions?: LiteActions;
  offline?: OfflineNote | null;
}) {
  const client = useQueryClient();
  const firstOpen = state.items.findIndex((i) => i.choiceIndex === null);
  const [index, setIndex] = useState(firstOpen === -1 ? state.items.length - 1 : firstOpen);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // An answer or the finish lost on the way (no signal, a dropped reply, a server restarting):
  // sent again by itself when the connection is back, the answer shown as picked meanwhile,
  // rather than asking for another tap on flaky data (ADR 019). A set started online needs the
  // server for its keys, so it does not go on offline. Sent twice, each is answered as the first
  // (a finish returns the same result; an answer already saved is read again).
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const resending = useRef(false);
  const uid = useClaims().data?.uid;
  const online = useMemo(() => serverActions(client, state, uid), [client, state, uid]);
  const act = actions ?? online;
  useScrollTopOn(index);
  useTrackLite(state);

  const perform = (write: Waiting) =>
    write.kind === 'answer'
      ? act.save(write.questionId, { choiceIndex: write.choiceIndex })
      : act.finish();
  const resend = useRef<() => Promise<void>>(async () => undefined);
  resend.current = async () => {
    if (!waiting || resending.current) return;
    resending.current = true;
    try {
      await perform(waiting);
      setWaiting(null);
      setError(null);
    } catch (caught) {
      if (refused(caught)) {
        reportContentDenied(caught);
        setWaiting(null);
        setError(caught.message);
      }
    } finally {
      resending.current = false;
    }
  };
  useEffect(() => {
    if (!waiting) return;
    const again = () => void resend.current();
    const timer = setInterval(() => {
      if (navigator.onLine) again();
    }, RESEND_MS);
    window.addEventListener('online', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [waiting]);

  if (state.status === 'submitted') return <QuizResult state={state} offline={offline} />;

  const item = state.items[index];
  if (!item) return null;
  const total = state.items.length;
  const answeredCount = state.items.filter((i) => i.choiceIndex !== null).length;
  const last = index === total - 1;

  /** One write from a tap; `ifLost` is kept to be sent again when it is lost on the way. */
  const run = async (step: () => Promise<void>, ifLost?: Waiting) => {
    setBusy(true);
    setError(null);
    try {
      await step();
      if (ifLost) setWaiting(null);
    } catch (caught) {
      // A subscription that ended mid-quiz: the layout reads the claims (with the spec's alert)
      // and the guard moves the page; the server's words show until it does.
      reportContentDenied(caught);
      if (ifLost && !refused(caught)) {
        setWaiting(ifLost);
        setError(WAITING_TEXT[ifLost.kind]);
      } else {
        if (ifLost) setWaiting(null);
        setError(errorText(caught));
      }
    } finally {
      setBusy(false);
    }
  };
  const toggleFlag = () => run(() => act.save(item.questionId, { flagged: !item.flagged }));
  const write = (next: Waiting) => run(() => perform(next), next);
  const choose = (choiceIndex: number) =>
    write({ kind: 'answer', questionId: item.questionId, choiceIndex });
  const finish = () => write({ kind: 'finish' });
  const waitingChoice =
    waiting?.kind === 'answer' && waiting.questionId === item.questionId
      ? waiting.choiceIndex
      : null;

  return (
    <div className="quiz">
      <QuizProgress answered={answeredCount} total={total} />
      <section className="card quiz__card" aria-live="polite">
        <QuestionView
          item={item}
          number={index + 1}
          total={total}
          choice={item.choiceIndex ?? waitingChoice}
          onChoose={(choiceIndex) => void choose(choiceIndex)}
          disabled={busy}
        />
        <Rationale item={item} choice={item.choiceIndex} />
        <div className="quiz-tools">
          <button
            type="button"
            className="btn btn--ghost quiz-tool"
            aria-pressed={item.flagged}
            onClick={() => void toggleFlag()}
            disabled={busy}
          >
            {item.flagged ? '★ Flagged' : '☆ Flag'}
          </button>
          <ReportButton reviewer={state.reviewer} questionId={item.questionId} />
        </div>
      </section>
      <div role="alert" className="quiz__error">
        {error ? <p className="form-error">{error}</p> : null}
      </div>
      <QuizNav
        onPrevious={() => setIndex(index - 1)}
        isFirst={index === 0}
        forward={
          last
            ? {
                label: 'See summary',
                onClick: () => void finish(),
                disabled: busy || item.choiceIndex === null,
              }
            : {
                label: 'Next item',
                onClick: () => setIndex(index + 1),
                disabled: item.choiceIndex === null,
              }
        }
      />
    </div>
  );
}
