import type { QuizHome } from '@pasado/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api.ts';
import { unlessJustFetched } from '../../../lib/just-fetched.ts';
import { quizPath } from './quiz-path.ts';

export const quizHomeQueryKey = ['quiz-home'] as const;

/** GET /api/quiz/:reviewer/quiz-home: subjects, the mock, an unfinished mock, results, weak topics. */
export const quizHomeQueryOptions = (reviewer: string) =>
  queryOptions({
    queryKey: [...quizHomeQueryKey, reviewer],
    queryFn: ({ signal }) => getJson<QuizHome>(`${quizPath(reviewer)}/quiz-home`, { signal }),
    // The unfinished mock's time left must be fresh whenever the home shows it.
    staleTime: 0,
  });

export const useQuizHome = (reviewer: string | null) =>
  useQuery({
    ...quizHomeQueryOptions(reviewer ?? ''),
    enabled: reviewer !== null,
    // /quiz's loader asks for it on every visit (app/route-data.ts).
    refetchOnMount: unlessJustFetched,
  });
