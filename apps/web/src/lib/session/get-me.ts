import type { UserDoc } from '@pasado/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../api.ts';

export const meQueryKey = ['me'] as const;

/** GET /api/me: the users/{uid} document; kept current by the live topic users/{uid}. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getJson<UserDoc>('/api/me', { signal }),
  });
