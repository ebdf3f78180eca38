import { useMemo } from 'react';
import { type LiteActions, LiteQuiz } from './lite-quiz.tsx';
import { answerOffline, finishOffline } from './offline-lite.ts';
import { type OfflineLiteRecord, readOfflineLite } from './offline-lite-record.ts';

/**
 * A lite quiz taken on the device (issue 11): the same screen as online, answered and finished on
 * the device. Once the outbox has sent it, the server's grading is what it shows.
 */
export function OfflineLiteAttempt({ record }: { record: OfflineLiteRecord }) {
  const { uid } = record;
  const attemptId = record.state.attemptId;
  const actions = useMemo<LiteActions>(() => {
    // Always the latest record: the screen's copy may be a render behind.
    const current = () => readOfflineLite(uid, attemptId);
    return {
      async save(questionId, change) {
        const latest = current();
        if (latest) answerOffline(latest, questionId, change);
      },
      async finish() {
        const latest = current();
        if (latest) await finishOffline(latest);
      },
    };
  }, [uid, attemptId]);
  const shown = record.synced ?? record.state;
  const note = record.synced
    ? null
    : record.refused
      ? 'refused'
      : record.finishedAt
        ? 'waiting'
        : null;
  return (
    <>
      {shown.status === 'in_progress' ? <h1 className="quiz-page__title">{shown.title}</h1> : null}
      <LiteQuiz key={shown.attemptId} state={shown} actions={actions} offline={note} />
    </>
  );
}
