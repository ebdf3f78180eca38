CREATE TABLE "item_difficulty_watermark" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"through" timestamp with time zone NOT NULL,
	CONSTRAINT "item_difficulty_watermark_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "readiness_models" ADD COLUMN "pass_chance" double precision;--> statement-breakpoint
ALTER TABLE "readiness_models" ADD COLUMN "pass_chance_exam_day" date;--> statement-breakpoint
ALTER TABLE "readiness_models" ADD COLUMN "pass_chance_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "readiness_models" ADD CONSTRAINT "readiness_models_pass_chance_check" CHECK (pass_chance between 0 and 1);