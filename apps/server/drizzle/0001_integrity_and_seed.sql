-- The user's current subscription (a cycle with subscriptions.user_id, so it is added here).
ALTER TABLE "users" ADD CONSTRAINT "users_current_subscription_id_fk"
  FOREIGN KEY ("current_subscription_id") REFERENCES "subscriptions"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- The audit log is append-only (DESIGN.md "Buying": every staff action is an append-only row).
CREATE FUNCTION "audit_log_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_is_append_only"();
--> statement-breakpoint
-- A session may only live on the user's current device: a session row for any other device
-- cannot be inserted or revived, whatever the code does (SPEC §1 one active device per login).
CREATE FUNCTION "sessions_on_current_device_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NULL AND NOT EXISTS (
    SELECT 1 FROM login_devices d
    WHERE d.user_id = NEW.user_id AND d.current_device_used = NEW.device_id
  ) THEN
    RAISE EXCEPTION 'session device is not the current device of user %', NEW.user_id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_current_device_check" BEFORE INSERT OR UPDATE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "sessions_on_current_device_only"();
--> statement-breakpoint
-- Switching the current device revokes every live session bound to another device.
CREATE FUNCTION "login_devices_revoke_other_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sessions SET revoked_at = now(), revoked_reason = 'other-device'
  WHERE user_id = NEW.user_id AND revoked_at IS NULL AND device_id <> NEW.current_device_used;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "login_devices_switch_revokes" AFTER INSERT OR UPDATE OF "current_device_used" ON "login_devices"
  FOR EACH ROW EXECUTE FUNCTION "login_devices_revoke_other_sessions"();
--> statement-breakpoint
-- Exam tracks offered at launch (DESIGN.md "Reviewers"). Content arrives with the learning issue.
INSERT INTO "reviewers" ("shorthand", "abbreviation", "name", "sort_order") VALUES
  ('cse-pro', 'CSE-Pro', 'Civil Service Exam — Professional', 1),
  ('let-elem', 'LET-Elem', 'LET — Elementary', 2),
  ('let-sec', 'LET-Sec', 'LET — Secondary', 3),
  ('crim', 'CLE', 'Criminology Licensure Exam', 4),
  ('nle', 'NLE', 'Nursing Licensure Exam', 5)
ON CONFLICT ("shorthand") DO NOTHING;
