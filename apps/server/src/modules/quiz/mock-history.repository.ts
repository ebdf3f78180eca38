import { and, desc, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { quizAttempts } from '../../platform/db/schema.ts';
import { studentMocks } from './attempts.repository.ts';

/**
 * The student's last finished mocks under a reviewer, newest first, for the quiz home's score
 * history (issue 13 item 4). Only what the chart needs: when, and the stored result.
 */
export async function listRecentMocks(
  ex: Executor,
  userId: string,
  reviewer: string,
  limit: number,
) {
  return ex
    .select({
      id: quizAttempts.id,
      submittedAt: quizAttempts.submittedAt,
      result: quizAttempts.result,
    })
    .from(quizAttempts)
    .where(and(studentMocks(userId, reviewer, 'submitted'), isNotNull(quizAttempts.submittedAt)))
    .orderBy(desc(quizAttempts.submittedAt))
    .limit(limit);
}
