import { chosenReviewer } from '@pasado/core/rules';
import { type FetchQueryOptions, onlineManager, type QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { quizHomeQueryOptions } from '../features/quiz/api/get-quiz-home.ts';
import { grantedReviewers, reviewersQueryOptions } from '../lib/get-reviewers.ts';
import { queryClient } from '../lib/query-client.ts';
import { REVIEWER_PARAM } from '../lib/reviewer-param.ts';
import { claimsQueryOptions } from '../lib/session/get-claims.ts';

/** How long a screen waits for its first data before it paints with placeholders instead. */
const WAIT_LIMIT_MS = 2_000;

/**
 * The loader of the screens that open with the reviewer picker (/quiz, /study): the reviewer list
 * is fetched while the screen's code downloads, not after it renders, so the first paint already
 * has the picker in place and nothing below it moves when it would have arrived (issue 10: CLS,
 * and one round trip less before the screen's own data). It never fails the navigation: offline,
 * on an error or past WAIT_LIMIT_MS the screen paints and loads the list itself, as before.
 */
async function reviewersFirst(): Promise<null> {
  if (!onlineManager.isOnline()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    queryClient.ensureQueryData(reviewersQueryOptions()).catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, WAIT_LIMIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return null;
}

/**
 * The loader of a screen that opens on the student's reviewer (/quiz, /study): the reviewer list as
 * above, then the screen's own data for the reviewer it will open on, asked for here, beside the
 * guard, instead of after the screen's code has loaded and rendered (issue 10: the last step of
 * the waterfall). It does not wait for the answer. The loader runs on every navigation to the
 * screen and on a change of reviewer, and the fetch is always a new request (both queries have
 * `staleTime: 0`), so the mounted query does not ask again for an answer this fresh
 * (`unlessJustFetched`): as fresh as before, asked for once.
 */
export function reviewerDataFirst<TData, TKey extends QueryKey>(
  options: (reviewer: string) => FetchQueryOptions<TData, Error, TData, TKey>,
) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const [, claims] = await Promise.all([
      reviewersFirst(),
      // Asked for at boot (main.tsx); the guard waits for it too.
      queryClient.ensureQueryData(claimsQueryOptions()).catch(() => null),
    ]);
    if (!onlineManager.isOnline()) return null;
    const reviewers = queryClient.getQueryData(reviewersQueryOptions().queryKey);
    if (!claims || !reviewers) return null;
    const reviewer = chosenReviewer(
      grantedReviewers(reviewers, claims.access).reviewers,
      new URL(request.url).searchParams.get(REVIEWER_PARAM),
    );
    if (reviewer) void queryClient.fetchQuery(options(reviewer.shorthand)).catch(() => undefined);
    return null;
  };
}

export const quizHomeFirst = reviewerDataFirst(quizHomeQueryOptions);
