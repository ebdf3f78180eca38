import type {
  ContentImportRequest,
  ContentImportResponse,
  FixReportRequest,
  ReportActionResponse,
  ReportedItemsResponse,
} from '@pasado/core';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, getJson, toApiError } from '../../../lib/api.ts';

// The staff content API (apps/server/src/routes/api/admin/content.ts). Bodies are trusted as the
// contract's types: the server serialises every answer through the same zod schemas.

const BASE = '/api/admin/content';

async function postJson<T>(path: string, json: unknown, timeoutMs?: number): Promise<T> {
  const response = await apiFetch(`${BASE}${path}`, {
    method: 'POST',
    json,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

/** A whole bank can take a while to write on a slow link: a longer timeout than the default. */
export const importContentFile = (request: ContentImportRequest) =>
  postJson<ContentImportResponse>('/import', request, 120_000);

export const reportsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'content', 'reports'],
    queryFn: ({ signal }) => getJson<ReportedItemsResponse>(`${BASE}/reports`, { signal }),
  });

export const clearReport = (id: string) =>
  postJson<ReportActionResponse>(`/reports/${encodeURIComponent(id)}/clear`, {});

export const fixReport = (id: string, body: FixReportRequest) =>
  postJson<ReportActionResponse>(`/reports/${encodeURIComponent(id)}/fix`, body);
