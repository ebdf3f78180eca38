-- Issue 25: a lite set is drawn from the reviewer's bank as this process remembers it, per content
-- version (quiz/lite-bank-cache.ts). Which subjects a reviewer shares decides its bank, so sharing
-- one, or no longer, moves the content version as a question or topic change does.
CREATE TRIGGER "reviewer_subjects_content_version"
  AFTER INSERT OR DELETE OR UPDATE ON "reviewer_subjects"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "reviewer_subjects_content_version_truncate"
  AFTER TRUNCATE ON "reviewer_subjects"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
-- Holding an item does not move the version (ADR 021): each draw reads the held items, few, by
-- this index instead of the whole bank.
CREATE INDEX "questions_held_idx" ON "questions" ("id") WHERE "held_at" IS NOT NULL;
