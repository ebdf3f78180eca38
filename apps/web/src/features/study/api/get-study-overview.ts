import type { StudyOverview } from '@pasado/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api.ts';
import { unlessJustFetched } from '../../../lib/just-fetched.ts';
import { enc } from './study-fetch.ts';

export const studyOverviewQueryKey = (reviewer: string) => ['study', reviewer, 'overview'] as const;

/**
 * GET /api/study/:reviewer: subjects and topics with card, due and note counts. Trusted like
 * getJson's other reads (the server serialises it with `studyOverviewSchema`): it is the study
 * launcher's first paint, which must not wait for zod (issue 10).
 */
export const studyOverviewQueryOptions = (reviewer: string) =>
  queryOptions({
    queryKey: studyOverviewQueryKey(reviewer),
    queryFn: ({ signal }) => getJson<StudyOverview>(`/api/study/${enc(reviewer)}`, { signal }),
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
