CREATE TABLE "content_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"report_hold_threshold" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_settings_one_row" CHECK ("content_settings"."id"),
	CONSTRAINT "content_settings_threshold_check" CHECK (report_hold_threshold between 1 and 50)
);
--> statement-breakpoint
CREATE INDEX "item_reports_user_idx" ON "item_reports" USING btree ("user_id","created_at");--> statement-breakpoint
INSERT INTO "content_settings" ("id") VALUES (true) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Issue 21 finding 2: one report no longer holds an item for everyone. Items held by fewer open
-- students' reports than the default threshold go back into everyone's draws; each reporter keeps
-- the item out of their own draws while their report is open.
UPDATE "questions" SET "held_at" = NULL
WHERE "held_at" IS NOT NULL
  AND (
    SELECT count(DISTINCT r."user_id") FROM "item_reports" r
    WHERE r."question_id" = "questions"."id" AND r."status" = 'open' AND r."source" = 'student'
  ) < 3;
