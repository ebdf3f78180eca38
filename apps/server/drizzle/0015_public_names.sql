ALTER TABLE "users" ADD COLUMN "provider_name" text;--> statement-breakpoint
-- Issue 21 finding 6: a name is public only once the student chose it. The names kept so far came
-- from the sign-in provider (the development provider's is the email's local part) or from a
-- choice that cannot be told apart from it, so they become the private suggestion, and every
-- student is "Student" on the leaderboard until they choose a name again.
UPDATE "users" SET "provider_name" = "display_name", "display_name" = NULL WHERE "display_name" IS NOT NULL;
