import type { z } from 'zod';
import { apiFetch, parseAnswer, toApiError } from '../../../lib/api.ts';

/**
 * GET or POST under /api/study, the answer checked with the contract's schema (this feature is
 * lazy, so zod is allowed here: apps/web/README.md).
 */
export async function studyRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { method?: 'GET' | 'POST'; json?: unknown; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  const response = await apiFetch(`/api/study${path}`, {
    method: init.method ?? 'GET',
    ...(init.method === 'POST' ? { json: init.json ?? {} } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  if (!response.ok) throw await toApiError(response);
  return parseAnswer(schema, await response.json());
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
