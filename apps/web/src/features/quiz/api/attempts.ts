import type {
  AttemptState,
  SaveAnswerRequest,
  SaveAnswerResponse,
  StartLiteRequest,
} from '@pasado/core';
import { queryOptions } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api.ts';
import { quizPath } from './quiz-path.ts';

/** The quiz attempt operations of /api/quiz/:reviewer (issue 4 "Lite quiz", "Mock exam"). */

export const attemptQueryKey = (attemptId: string) => ['quiz-attempt', attemptId] as const;

export const attemptQueryOptions = (reviewer: string, attemptId: string) =>
  queryOptions({
    queryKey: attemptQueryKey(attemptId),
    queryFn: ({ signal }) =>
      getJson<AttemptState>(`${quizPath(reviewer)}/attempts/${attemptId}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const startLite = (reviewer: string, input: StartLiteRequest) =>
  sendJson<AttemptState>(`${quizPath(reviewer)}/lite`, { json: input });

/** Starts a mock, or resumes the unfinished one with its clock still running. */
export const startOrResumeMock = (reviewer: string) =>
  sendJson<AttemptState>(`${quizPath(reviewer)}/mock`);

export const saveAnswer = (
  reviewer: string,
  attemptId: string,
  questionId: string,
  input: SaveAnswerRequest,
) =>
  sendJson<SaveAnswerResponse>(
    `${quizPath(reviewer)}/attempts/${attemptId}/answers/${encodeURIComponent(questionId)}`,
    { method: 'PUT', json: input },
  );

/**
 * The same save as an outbox entry (lib/offline/outbox.ts): a PUT of the item's latest choice and
 * flag, keyed by attempt and item, so a newer change replaces a queued one and a retry is harmless.
 */
export const queueAnswer = (
  reviewer: string,
  attemptId: string,
  questionId: string,
  input: SaveAnswerRequest,
) => ({
  key: `mock-answer:${attemptId}:${questionId}`,
  kind: 'mock-answer' as const,
  method: 'PUT' as const,
  path: `${quizPath(reviewer)}/attempts/${attemptId}/answers/${encodeURIComponent(questionId)}`,
  body: input,
  meta: { attemptId, questionId },
});

export const submitAttempt = (reviewer: string, attemptId: string) =>
  sendJson<AttemptState>(`${quizPath(reviewer)}/attempts/${attemptId}/submit`);

/**
 * A mock in sittings (issue 12 item 4): "Finish Part n" (the last one submits the exam) and
 * "Start Part n", numbered from 1. Both are idempotent, so a retry is harmless.
 */
export const finishSitting = (reviewer: string, attemptId: string, sitting: number) =>
  sendJson<AttemptState>(`${quizPath(reviewer)}/attempts/${attemptId}/sittings/${sitting}/finish`);

export const startSitting = (reviewer: string, attemptId: string, sitting: number) =>
  sendJson<AttemptState>(`${quizPath(reviewer)}/attempts/${attemptId}/sittings/${sitting}/start`);

export const reportItem = (reviewer: string, questionId: string, reason: string) =>
  sendJson<{ status: 'open' }>(
    `${quizPath(reviewer)}/questions/${encodeURIComponent(questionId)}/report`,
    { json: { reason } },
  );
