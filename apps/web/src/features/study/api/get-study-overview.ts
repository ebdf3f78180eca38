import { studyOverviewSchema } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unlessJustFetched } from '../../../lib/just-fetched.ts';
import { enc, studyRequest } from './study-fetch.ts';

export const studyOverviewQueryKey = (reviewer: string) => ['study', reviewer, 'overview'] as const;

/** GET /api/study/:reviewer: subjects and topics with card, due and note counts. */
export const studyOverviewQueryOptions = (reviewer: string) =>
  queryOptions({
    queryKey: studyOverviewQueryKey(reviewer),
    queryFn: ({ signal }) => studyRequest(`/${enc(reviewer)}`, studyOverviewSchema, { signal }),
    // Due counts change with the clock and with every session: refresh when the launcher returns.
    staleTime: 0,
  });

export const useStudyOverview = (reviewer: string | null) =>
  useQuery({
    ...studyOverviewQueryOptions(reviewer ?? ''),
    enabled: reviewer !== null,
    // /study's loader asks for it on every visit (app/route-data.ts).
    refetchOnMount: unlessJustFetched,
  });
