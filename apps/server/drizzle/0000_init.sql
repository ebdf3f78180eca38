CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_user_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_device_entries" (
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"device_info" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_device_entries_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "login_devices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"current_device_used" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mock_exam_streaks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mock_exam_streaks_month_check" CHECK (month between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "reviewer_access" (
	"user_id" uuid NOT NULL,
	"reviewer_shorthand" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviewer_access_user_id_reviewer_shorthand_pk" PRIMARY KEY("user_id","reviewer_shorthand")
);
--> statement-breakpoint
CREATE TABLE "reviewers" (
	"shorthand" text PRIMARY KEY NOT NULL,
	"abbreviation" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expiry_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_status_check" CHECK (status in ('open','closed'))
);
--> statement-breakpoint
CREATE TABLE "session_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "session_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"is_free_trial" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expiry_date" timestamp with time zone NOT NULL,
	"selected_plan" jsonb,
	"coach_id" text,
	"coach_email" text,
	"is_extension" boolean DEFAULT false NOT NULL,
	"queued_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK (status in ('pending','forVerification','approved','completed','suspended','revoked','expired'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"final_price" integer NOT NULL,
	"ref_code" text,
	"payment_screenshot_url" text,
	"screenshot_sha256" text,
	"coupon_code" text,
	"coupon_id" text,
	"purchased_by" text DEFAULT 'user' NOT NULL,
	"is_free_trial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amounts_check" CHECK (price >= 0 and discount_amount >= 0 and final_price >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_type" text NOT NULL,
	"message" text NOT NULL,
	"attachment" text,
	"message_from_user_id" uuid NOT NULL,
	"message_from_user_email" text NOT NULL,
	"submitted_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"is_archive" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_messages_type_check" CHECK (message_type in ('feedbacks','suggestions','issues')),
	CONSTRAINT "user_messages_length_check" CHECK (char_length(message) between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "user_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"display_name" text,
	"oidc_issuer" text,
	"oidc_subject" text,
	"role" text DEFAULT 'student' NOT NULL,
	"is_onboarded" boolean DEFAULT false NOT NULL,
	"know_from" text,
	"current_level" text,
	"gems_collection" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_subscription_id" uuid,
	"challenges_progress" jsonb DEFAULT '{"streak":[],"mastery":[]}'::jsonb NOT NULL,
	"unclaimed_drill_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "users_role_check" CHECK (role in ('student','admin')),
	CONSTRAINT "users_email_lower_check" CHECK (email = lower(email))
);
--> statement-breakpoint
ALTER TABLE "login_device_entries" ADD CONSTRAINT "login_device_entries_user_id_login_devices_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."login_devices"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_exam_streaks" ADD CONSTRAINT "mock_exam_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_access" ADD CONSTRAINT "reviewer_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_access" ADD CONSTRAINT "reviewer_access_reviewer_shorthand_reviewers_shorthand_fk" FOREIGN KEY ("reviewer_shorthand") REFERENCES "public"."reviewers"("shorthand") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_logs" ADD CONSTRAINT "session_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_message_from_user_id_users_id_fk" FOREIGN KEY ("message_from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "login_device_entries_one_active" ON "login_device_entries" USING btree ("user_id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "seasons_open_idx" ON "seasons" USING btree ("status","expiry_date");--> statement-breakpoint
CREATE INDEX "session_logs_user_idx" ON "session_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_one_live_per_user" ON "sessions" USING btree ("user_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_idempotency_key" ON "subscriptions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_ref_code_key" ON "transactions" USING btree ("ref_code");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_screenshot_sha256_key" ON "transactions" USING btree ("screenshot_sha256");--> statement-breakpoint
CREATE INDEX "transactions_subscription_idx" ON "transactions" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "user_messages_inbox_idx" ON "user_messages" USING btree ("is_archive","status","submitted_date");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_identity_key" ON "users" USING btree ("oidc_issuer","oidc_subject");