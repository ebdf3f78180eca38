DROP TABLE "user_stats" CASCADE;--> statement-breakpoint
-- userStats, derived (ADR 040): per subject of the topics a student has rows for, as they stand.
CREATE VIEW "user_stats" AS
SELECT per_subject.user_id,
       jsonb_object_agg(per_subject.subject_id, jsonb_build_object(
         'answered', per_subject.answered, 'correct', per_subject.correct,
         'secondsStudied', per_subject.seconds,
         'accuracy', CASE WHEN per_subject.answered = 0 THEN NULL
                          ELSE round(100.0 * per_subject.correct / per_subject.answered) END
       )) AS stats,
       max(per_subject.updated_at) AS updated_at
FROM (
  SELECT s.user_id, t.subject_id, sum(s.answered)::int AS answered, sum(s.correct)::int AS correct,
         sum(s.seconds_studied)::int AS seconds, max(s.updated_at) AS updated_at
  FROM "user_topic_stats" s JOIN "topics" t ON t.id = s.topic_id
  GROUP BY s.user_id, t.subject_id
) per_subject
GROUP BY per_subject.user_id;
