import type { LeaderboardResponse } from '@pasado/core';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../lib/api.ts';

export type BoardKind = LeaderboardResponse['board'];

/** GET /api/leaderboard?board=…: the top 50 and the student's own rank. */
export const leaderboardQueryOptions = (board: BoardKind) =>
  queryOptions({
    queryKey: ['leaderboard', board],
    queryFn: ({ signal }) =>
      getJson<LeaderboardResponse>(`/api/leaderboard?board=${board}`, { signal }),
    // Ranks move as others study; a short freshness keeps tab switches instant without going stale.
    staleTime: 30_000,
  });
