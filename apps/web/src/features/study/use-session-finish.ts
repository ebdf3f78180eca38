import type { StudySessionFinishResponse } from '@pasado/core';
import type { StudySessionFinishRequest } from '@pasado/core/contract';
import { useEffect, useState } from 'react';
import { type ApiError, apiErrorOf } from '../../lib/api.ts';
import { enqueue, onOutboxOutcome, useOutbox } from '../../lib/offline/outbox.ts';
import { queueSessionFinish } from './api/finish-session.ts';

export type SessionFinish =
  | { status: 'idle' }
  | { status: 'sending' }
  /** Kept on the phone: the outbox cannot send yet (no connection, a timeout, 5xx) and retries. */
  | { status: 'waiting' }
  /** The server refused it for good (a 4xx): its words. */
  | { status: 'refused'; error: ApiError }
  | { status: 'done'; result: StudySessionFinishResponse };

const IDLE: SessionFinish = { status: 'idle' };

/** Names each finished session, so the outbox keeps one finish per session. */
let sessions = 0;

/**
 * The end of a flash, read or listen session (POST …/sessions/finish), which counts the Manila day
 * for the streak (docs/product.md#streaks): queued in the app's outbox once `ended` turns true,
 * after the session's ratings and read notes. The server counts the day by them, and the outbox
 * sends in order, stopping at a failure worth retrying, so the finish reaches it after them. It is
 * kept on the phone until it does: closing the summary before the phone is back online no longer
 * loses the day (it was tried only while the summary was open). While the summary is open it shows
 * the server's answer. A repeated finish cannot count twice: the server counts a Manila day once
 * and the finish adds nothing else. `ended` false forgets the answer on this screen; a finish
 * already queued still goes.
 */
export function useSessionFinish(
  reviewer: string,
  mode: StudySessionFinishRequest['mode'],
  ended: boolean,
): SessionFinish {
  const [state, setState] = useState<SessionFinish>(IDLE);
  const [key, setKey] = useState<string | null>(null);
  const outbox = useOutbox();

  useEffect(() => {
    if (!ended) {
      setState(IDLE);
      setKey(null);
      return;
    }
    sessions += 1;
    const entry = queueSessionFinish(reviewer, mode, `${Date.now()}-${sessions}`);
    setKey(entry.key);
    setState({ status: 'sending' });
    const stop = onOutboxOutcome((outcome) => {
      if (outcome.entry.key !== entry.key) return;
      // A refusal by the paywall is reported with the outbox's others (lib/offline/outbox-denials.ts).
      setState(
        outcome.ok
          ? { status: 'done', result: outcome.body as StudySessionFinishResponse }
          : { status: 'refused', error: apiErrorOf(outcome.status, outcome.body) },
      );
    });
    void enqueue(entry);
    return stop;
  }, [ended, mode, reviewer]);

  const waiting =
    state.status === 'sending' && outbox.failing && outbox.entries.some((e) => e.key === key);
  return waiting ? { status: 'waiting' } : state;
}
