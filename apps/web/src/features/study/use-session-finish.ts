import type { StudySessionFinishResponse } from '@pasado/core';
import type { StudySessionFinishRequest } from '@pasado/core/contract';
import { useEffect, useState } from 'react';
import { ApiError, isRetryable } from '../../lib/api.ts';
import { reportContentDenied } from '../../lib/content-denied.ts';
import { finishStudySession } from './api/finish-session.ts';

/** The outbox's back-off (lib/offline/outbox.ts): the last wait repeats. */
const RETRY_MS = [1_000, 3_000, 10_000, 30_000];

export type SessionFinish =
  | { status: 'idle' }
  | { status: 'sending' }
  /** Not recorded yet: tried again after a wait, or when the phone is back online. */
  | { status: 'waiting' }
  /** The server refused it for good (a 4xx): its words. */
  | { status: 'refused'; error: ApiError }
  | { status: 'done'; result: StudySessionFinishResponse };

const IDLE: SessionFinish = { status: 'idle' };

/** A failure the server may answer differently later: the network, a timeout, 5xx, 429, 408. */
const worthRetrying = (error: unknown) =>
  isRetryable(error) || (error instanceof ApiError && [408, 429].includes(error.status));

/**
 * The end of a flash, read or listen session (POST …/sessions/finish), which counts the Manila day
 * for the streak (docs/product.md#streaks): sent once `ended` turns true, and while the screen
 * stays open tried again after a failure worth retrying (with the outbox's back-off) and when the
 * phone comes back online. `before` runs ahead of each try (read and listen send their waiting
 * read notes, which the day is counted by); when it fails the finish is not sent and waits as
 * after a failed send (read and listen: a read note still waits); it must be a stable function.
 * A repeated finish cannot count twice: the server counts a Manila day once and the finish adds
 * nothing else (no gems, answers or time). `ended` false drops what was pending.
 */
export function useSessionFinish(
  reviewer: string,
  mode: StudySessionFinishRequest['mode'],
  ended: boolean,
  before?: () => Promise<unknown>,
): SessionFinish {
  const [state, setState] = useState<SessionFinish>(IDLE);

  useEffect(() => {
    if (!ended) {
      setState(IDLE);
      return;
    }
    let stopped = false;
    let inFlight = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      clearTimeout(timer);
      if (stopped || inFlight) return;
      // With no connection the request cannot go: the `online` event sends it.
      if (!navigator.onLine) {
        setState({ status: 'waiting' });
        return;
      }
      inFlight = true;
      setState((s) => (s.status === 'waiting' ? s : { status: 'sending' }));
      (before ? before() : Promise.resolve())
        .then(() => finishStudySession(reviewer, mode))
        .then(
          (result) => {
            if (!stopped) setState({ status: 'done', result });
          },
          (error: unknown) => {
            if (stopped) return;
            if (!worthRetrying(error)) {
              // The subscription ended during the session: the page moves (lib/content-denied.ts).
              reportContentDenied(error);
              setState({ status: 'refused', error: error as ApiError });
              return;
            }
            console.warn(`finishing the ${mode} session failed; trying again`, error);
            setState({ status: 'waiting' });
            timer = setTimeout(attempt, RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]);
            tries += 1;
          },
        )
        .finally(() => {
          inFlight = false;
        });
    };
    const online = () => {
      tries = 0;
      attempt();
    };
    window.addEventListener('online', online);
    attempt();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [ended, mode, reviewer, before]);

  return state;
}
