import { PATHS } from '@pasado/core';
import { useParams, useSearchParams } from 'react-router';
import { REVIEWER_PARAM } from '../../lib/reviewer-param.ts';

export type StudyScopeParams = { subjectId: string | null; topicId: string | null };
export type StudyMode = 'flash' | 'read' | 'listen' | 'drill';

/** The launcher's choices travel in the URL, so a reload or the back link keeps them. */
export function studyModeHref(reviewer: string, mode: StudyMode, scope: StudyScopeParams) {
  return `${PATHS.study}/${encodeURIComponent(reviewer)}/${mode}${scopeSearch(scope)}`;
}

export function launcherHref(reviewer: string, scope: StudyScopeParams) {
  const params = new URLSearchParams({ [REVIEWER_PARAM]: reviewer });
  if (scope.subjectId) params.set('subject', scope.subjectId);
  if (scope.topicId) params.set('topic', scope.topicId);
  return `${PATHS.study}?${params}`;
}

function scopeSearch(scope: StudyScopeParams) {
  const params = new URLSearchParams();
  if (scope.subjectId) params.set('subject', scope.subjectId);
  if (scope.topicId) params.set('topic', scope.topicId);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The reviewer (route parameter) and the subject/topic chosen on the launcher. */
export function useStudyScope(): { reviewer: string; scope: StudyScopeParams } {
  const { reviewer = '' } = useParams();
  const [params] = useSearchParams();
  return {
    reviewer,
    scope: { subjectId: params.get('subject'), topicId: params.get('topic') },
  };
}
