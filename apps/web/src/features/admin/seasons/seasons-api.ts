import type { FairPlayFlagsResponse, OpenSeasonInput, Season } from '@pasado/core';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, getJson, sendJson, toApiError } from '../../../lib/api.ts';

export const seasonsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'seasons'],
    queryFn: ({ signal }) => getJson<{ seasons: Season[] }>('/api/admin/seasons', { signal }),
  });

export const openSeason = (input: OpenSeasonInput) =>
  sendJson<Season>('/api/admin/seasons', { json: input });
export const closeSeason = (id: string) => sendJson<Season>(`/api/admin/seasons/${id}/close`);

/** Days that looked implausible for a person (issue 21 finding 3), newest first. */
export const fairPlayFlagsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'fair-play'],
    queryFn: ({ signal }) =>
      getJson<FairPlayFlagsResponse>('/api/admin/fair-play/flags', { signal }),
  });

export const dismissFairPlayFlag = async (id: string) => {
  const response = await apiFetch(`/api/admin/fair-play/flags/${encodeURIComponent(id)}/dismiss`, {
    method: 'POST',
  });
  if (!response.ok) throw await toApiError(response);
};
