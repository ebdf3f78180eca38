CREATE TABLE "exam_sittings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reviewer_shorthand" text NOT NULL,
	"starts_on" date NOT NULL,
	"days" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streak_freeze_purchases" (
	"user_id" uuid NOT NULL,
	"purchase_id" uuid NOT NULL,
	"gems" integer NOT NULL,
	"bought_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streak_freeze_purchases_user_id_purchase_id_pk" PRIMARY KEY("user_id","purchase_id")
);
--> statement-breakpoint
ALTER TABLE "reviewer_access" ADD COLUMN "exam_sitting_id" uuid;--> statement-breakpoint
ALTER TABLE "user_streaks" ADD COLUMN "freezes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_streaks" ADD COLUMN "last_frozen_day" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gems_spent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_reviewer_shorthand_reviewers_shorthand_fk" FOREIGN KEY ("reviewer_shorthand") REFERENCES "public"."reviewers"("shorthand") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_freeze_purchases" ADD CONSTRAINT "streak_freeze_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_sittings_reviewer_idx" ON "exam_sittings" USING btree ("reviewer_shorthand","starts_on");--> statement-breakpoint
ALTER TABLE "reviewer_access" ADD CONSTRAINT "reviewer_access_exam_sitting_id_exam_sittings_id_fk" FOREIGN KEY ("exam_sitting_id") REFERENCES "public"."exam_sittings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_streaks" ADD CONSTRAINT "user_streaks_freezes_check" CHECK (freezes between 0 and 2);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gems_spent_check" CHECK (gems_spent >= 0);--> statement-breakpoint
-- Issue 23 item 1: the 2027 sittings of each offered track, so a student can pick one from the
-- first day. The PRC and CSC resolutions fixing the 2027 dates could not be retrieved: these follow
-- each board's yearly pattern (docs/exam-coverage.md "Exam dates"; ADR 030), and staff correct them
-- in the console (Content → Sittings) once the official schedule is out. The part ids are the
-- bundled blueprints' (content/bank/*.json).
INSERT INTO "exam_sittings" ("reviewer_shorthand", "starts_on", "days") VALUES
  ('cse-pro', '2027-03-07', '[{"date":"2027-03-07","partIds":["cse-pro.mock.verbal","cse-pro.mock.numerical","cse-pro.mock.analytical","cse-pro.mock.general"]}]'),
  ('cse-pro', '2027-08-08', '[{"date":"2027-08-08","partIds":["cse-pro.mock.verbal","cse-pro.mock.numerical","cse-pro.mock.analytical","cse-pro.mock.general"]}]'),
  ('cse-subpro', '2027-03-07', '[{"date":"2027-03-07","partIds":["cse-subpro.mock.verbal","cse-subpro.mock.clerical","cse-subpro.mock.numerical","cse-subpro.mock.general"]}]'),
  ('cse-subpro', '2027-08-08', '[{"date":"2027-08-08","partIds":["cse-subpro.mock.verbal","cse-subpro.mock.clerical","cse-subpro.mock.numerical","cse-subpro.mock.general"]}]'),
  ('let-elem', '2027-03-21', '[{"date":"2027-03-21","partIds":["let-elem.mock.gened","let-elem.mock.profed"]}]'),
  ('let-elem', '2027-09-26', '[{"date":"2027-09-26","partIds":["let-elem.mock.gened","let-elem.mock.profed"]}]'),
  ('let-sec', '2027-03-21', '[{"date":"2027-03-21","partIds":["let-sec.mock.gened","let-sec.mock.profed","let-sec.mock.specialization"]}]'),
  ('let-sec', '2027-09-26', '[{"date":"2027-09-26","partIds":["let-sec.mock.gened","let-sec.mock.profed","let-sec.mock.specialization"]}]'),
  ('nle', '2027-05-08', '[{"date":"2027-05-08","partIds":["nle.mock.np1","nle.mock.np2","nle.mock.np3"]},{"date":"2027-05-09","partIds":["nle.mock.np4","nle.mock.np5"]}]'),
  ('nle', '2027-11-13', '[{"date":"2027-11-13","partIds":["nle.mock.np1","nle.mock.np2","nle.mock.np3"]},{"date":"2027-11-14","partIds":["nle.mock.np4","nle.mock.np5"]}]');
