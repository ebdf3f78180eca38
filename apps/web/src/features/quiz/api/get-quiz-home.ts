import type { QuizHome } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api.ts';
import { learningPath } from './learning-path.ts';

export const quizHomeQueryKey = ['quiz-home'] as const;

/** GET /api/learning/:reviewer/quiz-home: subjects, the mock, an unfinished mock, results, weak topics. */
export const quizHomeQueryOptions = (reviewer: string) =>
  queryOptions({
    queryKey: [...quizHomeQueryKey, reviewer],
    queryFn: ({ signal }) => getJson<QuizHome>(`${learningPath(reviewer)}/quiz-home`, { signal }),
    // The unfinished mock's time left must be fresh whenever the home shows it.
    staleTime: 0,
  });

/**
 * An answer at most this old when the screen mounts was asked for by this navigation (/quiz's
 * loader, app/route-data.ts `quizHomeFirst`, asks on every visit): mounting does not ask again.
 */
const JUST_FETCHED_MS = 2_000;

export const useQuizHome = (reviewer: string | null) =>
  useQuery({
    ...quizHomeQueryOptions(reviewer ?? ''),
    enabled: reviewer !== null,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS,
  });
