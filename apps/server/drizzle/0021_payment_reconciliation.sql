CREATE TABLE "screenshot_readings" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"layout" text,
	"reference" text,
	"reference_confidence" real,
	"amount_centavos" integer,
	"amount_confidence" real,
	"paid_at" timestamp with time zone,
	"date_confidence" real,
	"error" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "screenshot_readings_status_check" CHECK (status in ('queued','reading','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mapping_id" text NOT NULL,
	"file_sha256" text NOT NULL,
	"kind" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lines" integer NOT NULL,
	"new_lines" integer NOT NULL,
	"outgoing" integer NOT NULL,
	"skipped" integer NOT NULL,
	"first_line_at" timestamp with time zone,
	"last_line_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL,
	"import_id" uuid NOT NULL,
	"source" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"time_known" boolean NOT NULL,
	"amount_centavos" integer NOT NULL,
	"reference" text,
	"sender" text,
	"description" text DEFAULT '' NOT NULL,
	"balance_centavos" integer,
	"claimed_by_subscription_id" uuid,
	"claimed_at" timestamp with time zone,
	"claimed_via" text,
	CONSTRAINT "statement_lines_amount_check" CHECK (amount_centavos > 0)
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"source" text NOT NULL,
	"definition" jsonb NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "screenshot_readings" ADD CONSTRAINT "screenshot_readings_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_mapping_id_statement_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."statement_mappings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_claimed_by_subscription_id_subscriptions_id_fk" FOREIGN KEY ("claimed_by_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screenshot_readings_queue_idx" ON "screenshot_readings" USING btree ("status","queued_at");--> statement-breakpoint
CREATE INDEX "screenshot_readings_reference_idx" ON "screenshot_readings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "statement_imports_uploaded_idx" ON "statement_imports" USING btree ("uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_identity_key" ON "statement_lines" USING btree ("identity");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_claimed_by_key" ON "statement_lines" USING btree ("claimed_by_subscription_id");--> statement-breakpoint
CREATE INDEX "statement_lines_reference_idx" ON "statement_lines" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "statement_lines_occurred_idx" ON "statement_lines" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "subscriptions_trial_started_idx" ON "subscriptions" USING btree ("created_at","user_id") WHERE is_free_trial;--> statement-breakpoint
CREATE INDEX "subscriptions_approved_idx" ON "subscriptions" USING btree ("approved_at","created_at") WHERE approved_at is not null and not is_free_trial;--> statement-breakpoint
CREATE INDEX "subscriptions_paid_user_idx" ON "subscriptions" USING btree ("user_id") WHERE approved_at is not null and not is_free_trial;--> statement-breakpoint
CREATE INDEX "subscriptions_waiting_idx" ON "subscriptions" USING btree ("created_at") WHERE status in ('pending', 'forVerification') and not is_free_trial;--> statement-breakpoint
-- Purchases approved before this column: their first approval in the audit trail.
UPDATE "subscriptions" s SET "approved_at" = a.at
FROM (
  SELECT "target_id", min("created_at") AS at FROM "audit_log"
  WHERE "target_type" = 'subscription' AND "action" = 'updateSubscriptionStatus'
    AND "details"->>'to' = 'approved'
  GROUP BY "target_id"
) a
WHERE a."target_id" = s."id"::text;
--> statement-breakpoint
-- The shipped mappings (core BUILTIN_STATEMENT_MAPPINGS; a test holds them equal).
INSERT INTO "statement_mappings" ("id", "label", "source", "definition", "builtin") VALUES
('gcash-history', 'GCash transaction history', 'gcash', '{"id":"gcash-history","label":"GCash transaction history","source":"gcash","columns":{"date":["Date and Time","Date/Time","Date"],"reference":["Reference No.","Reference No","Reference Number","Ref No."],"description":["Description"],"debit":["Debit"],"credit":["Credit"],"balance":["Balance"]},"dateFormats":["YYYY-MM-DD hh:mm A","YYYY-MM-DD HH:mm","YYYY-MM-DD HH:mm:ss","MMM D, YYYY h:mm A","MM/DD/YYYY hh:mm A"],"referenceKind":"digits","senderPattern":"(?:Received GCash from|Transfer from|Received money from)\\s+(?<sender>.+?)(?:\\s+(?:with account ending in|to)\\s.*)?$"}'::jsonb, true),
('maya-history', 'Maya transaction history', 'maya', '{"id":"maya-history","label":"Maya transaction history","source":"maya","columns":{"date":["Date","Date and Time","DateTime","Transaction Date"],"reference":["Reference ID","Reference Number","Reference No.","Reference"],"description":["Description","Transaction"],"amount":["Amount"],"balance":["Balance","Running Balance"]},"dateFormats":["YYYY-MM-DD HH:mm:ss","YYYY-MM-DD HH:mm","MMM D, YYYY, hh:mm a","MMM D, YYYY hh:mm a","MM/DD/YYYY HH:mm"],"referenceKind":"hex","senderPattern":"(?:Received money from|Received from|from)\\s+(?<sender>.+)$"}'::jsonb, true),
('bdo-my-transactions', 'BDO My Transactions (CSV)', 'bdo', '{"id":"bdo-my-transactions","label":"BDO My Transactions (CSV)","source":"bdo","columns":{"date":["Posting Date"],"description":["Description"],"debit":["Debit Amount"],"credit":["Credit Amount"],"balance":["Running Balance"]},"dateFormats":["MMM D, YYYY","MM/DD/YYYY","YYYY-MM-DD"],"referenceKind":"digits","referencePattern":"(?:REF(?:ERENCE)?|TRACE)\\s*(?:NO\\.?|#)?\\s*:?\\s*(\\d[\\d -]{5,30}\\d)","senderPattern":"(?:FROM|FR)\\s*:?\\s+(?<sender>[A-Z][A-Z .,''-]{1,60}?)(?:\\s+(?:REF|TRACE|VIA)\\b.*)?$"}'::jsonb, true)
ON CONFLICT ("id") DO NOTHING;
