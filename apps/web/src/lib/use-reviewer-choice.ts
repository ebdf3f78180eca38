import { useSearchParams } from 'react-router';
import { useGrantedReviewers } from './get-reviewers.ts';

/**
 * The reviewer a student works on lives in one place: the `reviewer` search parameter of /quiz and
 * /study (docs/decisions/013-web-shared-pieces.md). A reload, a shared link and the back links of
 * the quiz and study screens keep it; without it the first granted reviewer is shown.
 */
export const REVIEWER_PARAM = 'reviewer';

/** `path` with the reviewer choice, e.g. `/quiz?reviewer=let-elem`. */
export function withReviewer(path: string, shorthand: string): string {
  return `${path}?${new URLSearchParams({ [REVIEWER_PARAM]: shorthand })}`;
}

/**
 * The granted reviewers and the chosen one (the URL's, else the first). `choose` replaces the
 * history entry, so Back leaves the screen instead of stepping through choices, and drops the
 * parameters named in `reset` (a subject belongs to the reviewer it was picked under).
 */
export function useReviewerChoice() {
  const granted = useGrantedReviewers();
  const [params, setParams] = useSearchParams();
  const wanted = params.get(REVIEWER_PARAM);
  const reviewer =
    granted.reviewers.find((r) => r.shorthand === wanted) ?? granted.reviewers[0] ?? null;
  const choose = (shorthand: string, reset: readonly string[] = []) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(REVIEWER_PARAM, shorthand);
        for (const key of reset) next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { ...granted, reviewer, choose };
}
