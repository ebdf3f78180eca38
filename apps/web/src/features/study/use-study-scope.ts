import { useParams, useSearchParams } from 'react-router';
import { BACK_PARAM, type StudyBack, type StudyScopeParams } from '../../lib/study-links.ts';

/** The reviewer (route parameter), the subject/topic chosen, and where the back link goes. */
export function useStudyScope(): { reviewer: string; scope: StudyScopeParams; back: StudyBack } {
  const { reviewer = '' } = useParams();
  const [params] = useSearchParams();
  return {
    reviewer,
    scope: { subjectId: params.get('subject'), topicId: params.get('topic') },
    back: params.get(BACK_PARAM) === 'quiz' ? 'quiz' : 'study',
  };
}
