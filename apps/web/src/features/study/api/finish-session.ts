import type { StudySessionFinishRequest } from '@pasado/core/contract';
import { enc, studyRequest } from './study-fetch.ts';

/** POST /api/study/:reviewer/sessions/finish: a flash, read or listen session ended (streak). */
export function finishStudySession(reviewer: string, mode: StudySessionFinishRequest['mode']) {
  return studyRequest(
    `/${enc(reviewer)}/sessions/finish`,
    (s) => s.studySessionFinishResponseSchema,
    {
      method: 'POST',
      json: { mode },
    },
  );
}
