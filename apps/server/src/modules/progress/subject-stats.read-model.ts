import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { topics, userStats, userTopicStats } from '../../platform/db/schema.ts';

// Per-subject sums of the student's per-topic tallies: a topic's subject is the content module's.

/**
 * The userStats document (docs/product.md#entities: userStats by userId): per subject, items answered, correct,
 * accuracy in percent and seconds studied, summed from the per-topic rows in one statement.
 */
export async function refreshSubjectStats(ex: Executor, userId: string, now: Date): Promise<void> {
  await ex.execute(sql`
    insert into ${userStats} (user_id, stats, updated_at)
    select ${userId}::uuid, coalesce(jsonb_object_agg(subject_id, jsonb_build_object(
             'answered', answered, 'correct', correct, 'secondsStudied', seconds,
             'accuracy', case when answered = 0 then null else round(100.0 * correct / answered) end
           )), '{}'::jsonb), ${now.toISOString()}::timestamptz
    from (
      select t.subject_id, sum(s.answered)::int as answered, sum(s.correct)::int as correct,
             sum(s.seconds_studied)::int as seconds
      from ${userTopicStats} s join ${topics} t on t.id = s.topic_id
      where s.user_id = ${userId}::uuid
      group by t.subject_id
    ) per_subject
    on conflict (user_id) do update set stats = excluded.stats, updated_at = excluded.updated_at`);
}
