CREATE TABLE "plan_days" (
	"user_id" uuid NOT NULL,
	"reviewer" text NOT NULL,
	"day" date NOT NULL,
	"exam_day" date NOT NULL,
	"items" integer NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "plan_days_user_id_reviewer_pk" PRIMARY KEY("user_id","reviewer")
);
--> statement-breakpoint
ALTER TABLE "plan_days" ADD CONSTRAINT "plan_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;