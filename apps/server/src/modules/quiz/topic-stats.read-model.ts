import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { subjects, topics, userTopicStats } from '../../platform/db/schema.ts';
import { isReviewerSubject } from '../content/reviewer-subjects.repository.ts';
import { joinTopicAndSubject } from '../content/topics.repository.ts';

/**
 * The student's weakest topics under a reviewer: lowest accuracy first, among topics with at least
 * `minAnswered` items answered. It reads the progress module's user_topic_stats (written by
 * recordActivity); it moves to that module's repository once there is one.
 */
export async function listWeakestTopics(
  ex: Executor,
  userId: string,
  reviewer: string,
  options: { minAnswered: number; limit: number },
) {
  const query = ex
    .select({
      topicId: topics.id,
      topicName: topics.name,
      subjectId: subjects.id,
      subjectName: subjects.name,
      answered: userTopicStats.answered,
      correct: userTopicStats.correct,
    })
    .from(userTopicStats)
    .$dynamic();
  return joinTopicAndSubject(query, userTopicStats.topicId)
    .where(
      and(
        eq(userTopicStats.userId, userId),
        isReviewerSubject(subjects.id, reviewer),
        gte(userTopicStats.answered, options.minAnswered),
      ),
    )
    .orderBy(
      asc(sql`${userTopicStats.correct}::float / ${userTopicStats.answered}`),
      desc(userTopicStats.answered),
      asc(topics.name),
    )
    .limit(options.limit);
}
