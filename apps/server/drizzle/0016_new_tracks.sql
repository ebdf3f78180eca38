-- Issue 24 item 5: CSE Subprofessional joins the tracks, listed after CSE Professional. Reviewers
-- are created here, not by content files (they carry access claims; a content file cannot add or
-- rename the tracks students pick at onboarding); each is offered once its bank fills its mock.
INSERT INTO "reviewers" ("shorthand", "abbreviation", "name", "sort_order") VALUES
  ('cse-subpro', 'CSE-SubPro', 'Civil Service Exam — Subprofessional', 2)
ON CONFLICT ("shorthand") DO NOTHING;
--> statement-breakpoint
-- The NLE by the PRC's name for it (it was seeded as "Nursing Licensure Exam" in 0001), and the
-- order onboarding lists the tracks in: the civil service levels, the LET levels, then the NLE.
UPDATE "reviewers" SET "name" = 'Nurse Licensure Exam' WHERE "shorthand" = 'nle' AND "name" = 'Nursing Licensure Exam';
--> statement-breakpoint
UPDATE "reviewers" SET "sort_order" = CASE "shorthand"
  WHEN 'cse-pro' THEN 1
  WHEN 'cse-subpro' THEN 2
  WHEN 'let-elem' THEN 3
  WHEN 'let-sec' THEN 4
  WHEN 'nle' THEN 5
  WHEN 'crim' THEN 6
  ELSE "sort_order" END;
