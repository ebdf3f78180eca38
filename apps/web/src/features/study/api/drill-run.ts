import type { DrillAnswerRequest, DrillStartRequest } from '@pasado/core/contract';
import { enc, studyRequest } from './study-fetch.ts';

/** POST /api/study/:reviewer/drill: the server picks the questions and fixes the deadline. */
export function startDrill(reviewer: string, input: DrillStartRequest) {
  return studyRequest(`/${enc(reviewer)}/drill`, (s) => s.drillRunSchema, {
    method: 'POST',
    json: input,
  });
}

/** POST …/drill/:attemptId/answers: the server grades; a retry returns the recorded answer. */
export function answerDrill(reviewer: string, attemptId: string, input: DrillAnswerRequest) {
  return studyRequest(
    `/${enc(reviewer)}/drill/${enc(attemptId)}/answers`,
    (s) => s.drillAnswerResponseSchema,
    {
      method: 'POST',
      json: input,
    },
  );
}

/** POST …/drill/:attemptId/finish: points computed on the server, kept unclaimed until Tasks. */
export function finishDrill(reviewer: string, attemptId: string) {
  return studyRequest(
    `/${enc(reviewer)}/drill/${enc(attemptId)}/finish`,
    (s) => s.drillResultSchema,
    {
      method: 'POST',
    },
  );
}
