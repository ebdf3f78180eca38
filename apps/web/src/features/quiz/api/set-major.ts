import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api.ts';
import { quizHomeQueryKey } from './get-quiz-home.ts';

/** PUT /api/reviewers/:reviewer/major: the student's major (issue 12); the quiz home re-reads. */
export function useSetMajor(reviewer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subjectId: string) =>
      sendJson(`/api/reviewers/${encodeURIComponent(reviewer)}/major`, {
        method: 'PUT',
        json: { subjectId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...quizHomeQueryKey, reviewer] }),
  });
}
