import type {
  AdminSittingInput,
  AdminSittings,
  ContentImportRequest,
  ContentImportResponse,
  ExamSitting,
  FixReportRequest,
  ReportActionResponse,
  ReportedItemsResponse,
  ReporterDismissResponse,
  ReportSettings,
} from '@pasado/core';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, getJson, sendJson, toApiError } from '../../../lib/api.ts';

// The staff content API (apps/server/src/routes/api/admin/content.ts). Bodies are trusted as the
// contract's types: the server serialises every answer through the same zod schemas.

const BASE = '/api/admin/content';

/** A whole bank can take a while to write on a slow link: a longer timeout than the default. */
export const importContentFile = (request: ContentImportRequest) =>
  sendJson<ContentImportResponse>(`${BASE}/import`, { json: request, timeoutMs: 120_000 });

export const reportsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'content', 'reports'],
    queryFn: ({ signal }) => getJson<ReportedItemsResponse>(`${BASE}/reports`, { signal }),
  });

export const clearReport = (id: string) =>
  sendJson<ReportActionResponse>(`${BASE}/reports/${encodeURIComponent(id)}/clear`, { json: {} });

export const fixReport = (id: string, body: FixReportRequest) =>
  sendJson<ReportActionResponse>(`${BASE}/reports/${encodeURIComponent(id)}/fix`, { json: body });

/** All of an item's reports at once (issue 21 finding 2): hold it for everyone, or clear them all. */
export const holdReportedItem = (id: string) =>
  sendJson<ReportActionResponse>(`${BASE}/reports/${encodeURIComponent(id)}/hold`, { json: {} });

export const clearAllReports = (id: string) =>
  sendJson<ReportActionResponse>(`${BASE}/reports/${encodeURIComponent(id)}/clear-all`, {
    json: {},
  });

/** Every open report one student filed, cleared at once. */
export const dismissReporter = (userId: string) =>
  sendJson<ReporterDismissResponse>(`${BASE}/reporters/${encodeURIComponent(userId)}/dismiss`, {
    json: {},
  });

export const reportSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'content', 'report-settings'],
    queryFn: ({ signal }) => getJson<ReportSettings>(`${BASE}/report-settings`, { signal }),
  });

export const saveReportSettings = (settings: ReportSettings) =>
  sendJson<ReportSettings>(`${BASE}/report-settings`, { method: 'PUT', json: settings });

// Official exam sittings (issue 23 item 1): add, change, remove; the server audits each.
export const sittingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'content', 'sittings'],
    queryFn: ({ signal }) => getJson<AdminSittings>(`${BASE}/sittings`, { signal }),
  });

export const addSitting = (input: AdminSittingInput) =>
  sendJson<{ sitting: ExamSitting }>(`${BASE}/sittings`, { json: input });

export const changeSitting = (id: string, input: AdminSittingInput) =>
  sendJson<{ sitting: ExamSitting }>(`${BASE}/sittings/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: input,
  });

export const removeSitting = (id: string) =>
  apiFetch(`${BASE}/sittings/${encodeURIComponent(id)}`, { method: 'DELETE' }).then(
    async (response) => {
      if (!response.ok) throw await toApiError(response);
    },
  );
