import { chosenReviewer } from '@pasado/core/rules';
import { useSearchParams } from 'react-router';
import { useGrantedReviewers } from './get-reviewers.ts';
import { REVIEWER_PARAM } from './reviewer-param.ts';

/**
 * The granted reviewers and the chosen one (the URL's, else the first). `choose` replaces the
 * history entry, so Back leaves the screen instead of stepping through choices, and drops the
 * parameters named in `reset` (a subject belongs to the reviewer it was picked under).
 */
export function useReviewerChoice() {
  const granted = useGrantedReviewers();
  const [params, setParams] = useSearchParams();
  const reviewer = chosenReviewer(granted.reviewers, params.get(REVIEWER_PARAM));
  const choose = (shorthand: string, reset: readonly string[] = []) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(REVIEWER_PARAM, shorthand);
        for (const key of reset) next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { ...granted, reviewer, choose };
}
