CREATE TABLE "content_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK (id)
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (true, 1);--> statement-breakpoint
-- Issue 10: the version moves with every statement that may change what an unrevealed quiz item
-- shows (schema/quiz.ts contentVersion); other columns (held_at, the key, the rationale) do not
-- move it, so a report holding an item keeps every server's serialised items.
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "questions_content_version"
  AFTER INSERT OR DELETE OR UPDATE OF "stem", "choices", "topic_id" ON "questions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "questions_content_version_truncate"
  AFTER TRUNCATE ON "questions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "topics_content_version"
  AFTER INSERT OR DELETE OR UPDATE OF "name" ON "topics"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "topics_content_version_truncate"
  AFTER TRUNCATE ON "topics"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
