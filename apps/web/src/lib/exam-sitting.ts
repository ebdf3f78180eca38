import type { SittingChoice } from '@pasado/core/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from './api.ts';

/**
 * The student's official exam sitting under a track (issue 23 item 1;
 * docs/product.md#exam-sittings): read on the account page, changed there and on quiz home. Quiz
 * home carries the same choice in its own answer, so its days-left shows offline from what the
 * phone kept.
 */
export const sittingQueryKey = ['exam-sitting'] as const;

const sittingUrl = (reviewer: string) => `/api/reviewers/${encodeURIComponent(reviewer)}/sitting`;

export const sittingQueryOptions = (reviewer: string) =>
  queryOptions({
    queryKey: [...sittingQueryKey, reviewer],
    queryFn: ({ signal }) => getJson<SittingChoice>(sittingUrl(reviewer), { signal }),
  });

export const useSittingChoice = (reviewer: string | null) =>
  useQuery({ ...sittingQueryOptions(reviewer ?? ''), enabled: reviewer !== null });

/** PUT the student's pick (null: not decided); quiz home and the account page re-read. */
export function useSetSitting(reviewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sittingId: string | null) =>
      sendJson<SittingChoice>(sittingUrl(reviewer), { method: 'PUT', json: { sittingId } }),
    onSuccess: async (choice) => {
      client.setQueryData([...sittingQueryKey, reviewer], choice);
      await client.invalidateQueries({ queryKey: ['quiz-home', reviewer] });
    },
  });
}
