import { PATHS } from '@pasado/core/rules';
import { REVIEWER_PARAM } from './reviewer-param.ts';

/**
 * Links into Study (docs/product.md#screens /study and its modes): the one place their URLs are written, for the
 * launcher and for other screens that open a topic's study mode directly (the quiz home's weakest
 * topics, issue 13 item 5). The launcher's choices travel in the URL, so a reload or the back link
 * keeps them.
 */
export type StudyScopeParams = { subjectId: string | null; topicId: string | null };
export type StudyMode = 'flash' | 'read' | 'listen' | 'drill';

/** Where a study mode's back link goes: the launcher (default) or the quiz home it came from. */
export const BACK_PARAM = 'back';
export type StudyBack = 'study' | 'quiz';

export function studyModeHref(
  reviewer: string,
  mode: StudyMode,
  scope: StudyScopeParams,
  back: StudyBack = 'study',
) {
  const params = scopeParams(scope);
  if (back === 'quiz') params.set(BACK_PARAM, back);
  const search = params.toString();
  return `${PATHS.study}/${encodeURIComponent(reviewer)}/${mode}${search ? `?${search}` : ''}`;
}

export function launcherHref(reviewer: string, scope: StudyScopeParams) {
  return `${PATHS.study}?${new URLSearchParams({ [REVIEWER_PARAM]: reviewer, ...Object.fromEntries(scopeParams(scope)) })}`;
}

function scopeParams(scope: StudyScopeParams) {
  const params = new URLSearchParams();
  if (scope.subjectId) params.set('subject', scope.subjectId);
  if (scope.topicId) params.set('topic', scope.topicId);
  return params;
}
