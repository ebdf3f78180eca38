CREATE TABLE "daily_awards" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"gems" integer DEFAULT 0 NOT NULL,
	"drill_points" integer DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"asked_answers" integer DEFAULT 0 NOT NULL,
	"asked_correct" integer DEFAULT 0 NOT NULL,
	"asked_seconds" integer DEFAULT 0 NOT NULL,
	"capped" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_awards_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "fair_play_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reasons" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fair_play_flags_status_check" CHECK (status in ('open','dismissed'))
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "client_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "daily_awards" ADD CONSTRAINT "daily_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_play_flags" ADD CONSTRAINT "fair_play_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fair_play_flags_one_per_day" ON "fair_play_flags" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "fair_play_flags_queue_idx" ON "fair_play_flags" USING btree ("status","created_at");