CREATE TABLE "item_stats" (
	"question_id" text PRIMARY KEY NOT NULL,
	"responses" integer NOT NULL,
	"correct" integer NOT NULL,
	"difficulty" double precision NOT NULL,
	"discrimination" double precision,
	"option_shares" jsonb NOT NULL,
	"upper_option_shares" jsonb NOT NULL,
	"lower_option_shares" jsonb NOT NULL,
	"flag" text,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewer_subjects" (
	"reviewer_shorthand" text NOT NULL,
	"subject_id" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reviewer_subjects_reviewer_shorthand_subject_id_pk" PRIMARY KEY("reviewer_shorthand","subject_id")
);
--> statement-breakpoint
ALTER TABLE "item_reports" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "item_reports" ADD COLUMN "source" text DEFAULT 'student' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "situational" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviewer_access" ADD COLUMN "major_subject_id" text;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "sittings" jsonb;--> statement-breakpoint
ALTER TABLE "item_stats" ADD CONSTRAINT "item_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_subjects" ADD CONSTRAINT "reviewer_subjects_reviewer_shorthand_reviewers_shorthand_fk" FOREIGN KEY ("reviewer_shorthand") REFERENCES "public"."reviewers"("shorthand") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_subjects" ADD CONSTRAINT "reviewer_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviewer_subjects_subject_idx" ON "reviewer_subjects" USING btree ("subject_id");--> statement-breakpoint
ALTER TABLE "reviewer_access" ADD CONSTRAINT "reviewer_access_major_subject_id_subjects_id_fk" FOREIGN KEY ("major_subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_reports_one_open_flag" ON "item_reports" USING btree ("question_id") WHERE status = 'open' and source = 'analysis';--> statement-breakpoint
ALTER TABLE "item_reports" ADD CONSTRAINT "item_reports_source_check" CHECK ((source = 'student' and user_id is not null) or (source = 'analysis' and user_id is null));--> statement-breakpoint
-- Issue 12: every subject a reviewer's students see goes through reviewer_subjects; until now a
-- reviewer saw exactly the subjects it owns.
INSERT INTO "reviewer_subjects" ("reviewer_shorthand", "subject_id", "sort_order")
  SELECT "reviewer_shorthand", "id", "sort_order" FROM "subjects";
--> statement-breakpoint
-- A subject is always one of its owner's: a trigger keeps the owner's row, whoever writes the
-- subject (the importer, a test fixture, plain SQL). Shared rows are the importer's to write.
CREATE FUNCTION "own_reviewer_subject"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."reviewer_shorthand" <> NEW."reviewer_shorthand" THEN
    DELETE FROM "reviewer_subjects"
      WHERE "reviewer_shorthand" = OLD."reviewer_shorthand" AND "subject_id" = OLD."id";
  END IF;
  INSERT INTO "reviewer_subjects" ("reviewer_shorthand", "subject_id", "sort_order")
    VALUES (NEW."reviewer_shorthand", NEW."id", NEW."sort_order")
    ON CONFLICT ("reviewer_shorthand", "subject_id") DO UPDATE SET "sort_order" = EXCLUDED."sort_order";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subjects_own_reviewer_subject"
  AFTER INSERT OR UPDATE OF "reviewer_shorthand", "sort_order" ON "subjects"
  FOR EACH ROW EXECUTE FUNCTION "own_reviewer_subject"();
