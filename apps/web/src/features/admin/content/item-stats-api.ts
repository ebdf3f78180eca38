import type {
  ItemAnalysisRunResponse,
  ItemStatsQuery,
  ItemStatsResponse,
} from '@pasado/core/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api.ts';

// Item analysis (issue 12 item 6): the figures the server's scheduled job stored, and "run now".

const BASE = '/api/admin/content';

export const itemStatsQueryOptions = (query: ItemStatsQuery) =>
  queryOptions({
    queryKey: ['admin', 'content', 'item-stats', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        sort: query.sort,
        order: query.order,
        page: String(query.page),
        pageSize: String(query.pageSize),
      });
      return getJson<ItemStatsResponse>(`${BASE}/item-stats?${params}`, { signal });
    },
    // The next page or another sort keeps the table on screen until it arrives.
    placeholderData: keepPreviousData,
  });

/** Runs the whole job; on a large bank that takes a while. */
export const runItemAnalysis = () =>
  sendJson<ItemAnalysisRunResponse>(`${BASE}/item-analysis/run`, { json: {}, timeoutMs: 120_000 });
