import type { StudySessionFinishRequest } from '@pasado/core/contract';
import { enc } from './study-fetch.ts';

/**
 * POST /api/study/:reviewer/sessions/finish, a flash, read or listen session ended (streak), as an
 * entry of the app's outbox (lib/offline/outbox.ts). It is queued after the session's ratings and
 * read notes, which the server counts the day by, and the outbox sends in order. `session` names
 * the session: one finish each. It says when the session ended, so one finished offline late in the
 * evening and sent after midnight still counts its own day.
 */
export function queueSessionFinish(
  reviewer: string,
  mode: StudySessionFinishRequest['mode'],
  session: string,
) {
  return {
    key: `session-finish:${session}`,
    kind: 'session-finish' as const,
    method: 'POST' as const,
    path: `/api/study/${enc(reviewer)}/sessions/finish`,
    body: { mode, finishedAt: new Date().toISOString() },
    meta: { reviewer, mode },
  };
}
