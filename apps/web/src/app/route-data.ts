import { onlineManager } from '@tanstack/react-query';
import { reviewersQueryOptions } from '../lib/get-reviewers.ts';
import { queryClient } from '../lib/query-client.ts';

/** How long a screen waits for its first data before it paints with placeholders instead. */
const WAIT_LIMIT_MS = 2_000;

/**
 * The loader of the screens that open with the reviewer picker (/quiz, /study): the reviewer list
 * is fetched while the screen's code downloads, not after it renders, so the first paint already
 * has the picker in place and nothing below it moves when it would have arrived (issue 10: CLS,
 * and one round trip less before the screen's own data). It never fails the navigation: offline,
 * on an error or past WAIT_LIMIT_MS the screen paints and loads the list itself, as before.
 */
export async function reviewersFirst(): Promise<null> {
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
