CREATE TABLE "item_difficulties" (
	"question_id" text PRIMARY KEY NOT NULL,
	"mean" double precision NOT NULL,
	"variance" double precision NOT NULL,
	"answers" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_difficulties_variance_check" CHECK (variance > 0 and answers >= 0)
);
--> statement-breakpoint
CREATE TABLE "readiness_models" (
	"user_id" uuid NOT NULL,
	"reviewer" text NOT NULL,
	"model" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readiness_models_user_id_reviewer_pk" PRIMARY KEY("user_id","reviewer")
);
--> statement-breakpoint
ALTER TABLE "item_difficulties" ADD CONSTRAINT "item_difficulties_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_models" ADD CONSTRAINT "readiness_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;