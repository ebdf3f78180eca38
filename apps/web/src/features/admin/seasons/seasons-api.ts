import type { OpenSeasonInput, Season } from '@pasado/core';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, getJson, toApiError } from '../../../lib/api.ts';

export const seasonsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'seasons'],
    queryFn: ({ signal }) => getJson<{ seasons: Season[] }>('/api/admin/seasons', { signal }),
  });

async function post<T>(path: string, json?: unknown): Promise<T> {
  const response = await apiFetch(path, {
    method: 'POST',
    ...(json === undefined ? {} : { json }),
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export const openSeason = (input: OpenSeasonInput) => post<Season>('/api/admin/seasons', input);
export const closeSeason = (id: string) => post<Season>(`/api/admin/seasons/${id}/close`);
