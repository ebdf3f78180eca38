import type { OpenSeasonInput, Season } from '@pasado/core';
import { queryOptions } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api.ts';

export const seasonsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'seasons'],
    queryFn: ({ signal }) => getJson<{ seasons: Season[] }>('/api/admin/seasons', { signal }),
  });

export const openSeason = (input: OpenSeasonInput) =>
  sendJson<Season>('/api/admin/seasons', { json: input });
export const closeSeason = (id: string) => sendJson<Season>(`/api/admin/seasons/${id}/close`);
