CREATE TABLE "item_histories" (
	"user_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_correct" boolean NOT NULL,
	"review_step" smallint,
	CONSTRAINT "item_histories_user_id_question_id_pk" PRIMARY KEY("user_id","question_id"),
	CONSTRAINT "item_histories_review_step_check" CHECK (review_step is null or review_step >= 0)
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "for_you" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item_histories" ADD CONSTRAINT "item_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_histories" ADD CONSTRAINT "item_histories_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;