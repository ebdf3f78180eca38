/**
 * The reviewer a student works on lives in one place: the `reviewer` search parameter of /quiz and
 * /study (docs/decisions/013-web-shared-pieces.md). A reload, a shared link and the back links of
 * the quiz and study screens keep it; without it the first granted reviewer is shown. Kept apart
 * from `useReviewerChoice`, so the screens that only link back do not load the reviewer list.
 */
export const REVIEWER_PARAM = 'reviewer';

/** `path` with the reviewer choice, e.g. `/quiz?reviewer=let-elem`. */
export function withReviewer(path: string, shorthand: string): string {
  return `${path}?${new URLSearchParams({ [REVIEWER_PARAM]: shorthand })}`;
}
