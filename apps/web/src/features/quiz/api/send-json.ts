import { apiFetch, toApiError } from '../../../lib/api.ts';

/** POST/PUT JSON to the quiz API; the body comes back typed by the contract the server serialises. */
export async function sendJson<T>(
  method: 'POST' | 'PUT',
  path: string,
  json?: unknown,
): Promise<T> {
  const response = await apiFetch(path, { method, ...(json === undefined ? {} : { json }) });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export const learningPath = (reviewer: string) => `/api/learning/${encodeURIComponent(reviewer)}`;
