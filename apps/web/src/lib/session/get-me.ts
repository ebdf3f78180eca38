import type { UserDoc } from '@pasado/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../api.ts';

export const meQueryKey = ['me'] as const;

/** GET /api/me: the users/{uid} document; kept current by the live topic users/{uid}. */
export const getMe = (signal?: AbortSignal) =>
  getJson<UserDoc>('/api/me', signal ? { signal } : {});

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });

/** The signed-in user's document; `enabled: false` until there is a session to ask about. */
export const useMe = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...meQueryOptions(), enabled });
