import { studyOverviewSchema } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { enc, studyRequest } from './study-fetch.ts';

/** GET /api/study/:reviewer: subjects and topics with card, due and note counts. */
export const studyOverviewQueryOptions = (reviewer: string) =>
  queryOptions({
    queryKey: ['study', reviewer, 'overview'],
    queryFn: ({ signal }) => studyRequest(`/${enc(reviewer)}`, studyOverviewSchema, { signal }),
    // Due counts change with the clock and with every session: refresh when the launcher returns.
    staleTime: 0,
  });

export const useStudyOverview = (reviewer: string | null) =>
  useQuery({ ...studyOverviewQueryOptions(reviewer ?? ''), enabled: reviewer !== null });
