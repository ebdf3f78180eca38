-- Issue 10: a mock answer is decided on questions a server process keeps in memory (the key, for
-- is_correct; the rationale and notes, for a lite reveal), valid while the content version stands.
-- So the version now also moves when the key, the rationale, the notes or a topic's subject
-- change, not only what an unrevealed item shows. held_at still does not move it.
DROP TRIGGER "questions_content_version" ON "questions";--> statement-breakpoint
CREATE TRIGGER "questions_content_version"
  AFTER INSERT OR DELETE OR UPDATE OF "stem", "choices", "topic_id", "answer_index", "rationale", "distractor_notes" ON "questions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
DROP TRIGGER "topics_content_version" ON "topics";--> statement-breakpoint
CREATE TRIGGER "topics_content_version"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "subject_id" ON "topics"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
