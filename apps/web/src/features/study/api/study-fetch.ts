import type { z } from 'zod';
import { ApiError, apiFetch, parseAnswer, toApiError } from '../../../lib/api.ts';

export type StudySchemas = typeof import('./study-schemas.ts');

/**
 * GET or POST under /api/study, the answer checked with the contract's schema that `schema` picks.
 * The schemas (and zod) load beside the request, not with the screen: a study mode's first load
 * stays within its 50 KB and its code runs without waiting for them (issue 10).
 */
export async function studyRequest<S extends z.ZodType>(
  path: string,
  schema: (schemas: StudySchemas) => S,
  init: { method?: 'GET' | 'POST'; json?: unknown; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  const schemas = import('./study-schemas.ts');
  // Awaited only after the answer, so it never holds the request back; a failed load still reaches
  // the caller through that await.
  schemas.catch(() => undefined);
  const response = await apiFetch(`/api/study${path}`, {
    method: init.method ?? 'GET',
    ...(init.method === 'POST' ? { json: init.json ?? {} } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  if (!response.ok) throw await toApiError(response);
  const body: unknown = await response.json();
  return parseAnswer(schema(await schemas), body);
}

export const enc = encodeURIComponent;

/** `?subjectId=…&topicId=…` for a scope, empty when neither is set. */
export function scopeQuery(scope: { subjectId?: string | null; topicId?: string | null }) {
  const params = new URLSearchParams();
  if (scope.subjectId) params.set('subjectId', scope.subjectId);
  if (scope.topicId) params.set('topicId', scope.topicId);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Thrown when the phone is offline and holds nothing for this screen. */
export const NOT_KEPT = new ApiError(
  404,
  'This is not on your phone yet. Open it once with a connection to study it offline.',
  'NOT_KEPT',
);

/**
 * The server's answer when it can be reached, else what the phone keeps: with no connection
 * (navigator.onLine false) the network is not tried; a request that fails on the network (not an
 * answer from the server) falls back too.
 */
export async function orKept<T>(
  online: () => Promise<T>,
  kept: () => Promise<T | null>,
): Promise<T & { offline: boolean }> {
  if (navigator.onLine) {
    try {
      return { ...(await online()), offline: false };
    } catch (error) {
      if (error instanceof ApiError || (error as Error)?.name === 'AbortError') throw error;
      const copy = await kept();
      if (copy) return { ...copy, offline: true };
      throw error;
    }
  }
  const copy = await kept();
  if (copy) return { ...copy, offline: true };
  throw NOT_KEPT;
}
