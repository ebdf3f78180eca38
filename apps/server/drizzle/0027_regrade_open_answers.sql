-- A key corrected while quizzes are open (staff fixing a reported item, a re-import): the answers
-- already saved in unfinished attempts were marked against the old key, and a finish rates what
-- is stored, so the result scored the old key while its review showed the new one. Every writer
-- of questions.answer_index regrades them here, as every writer moves content_version (0009).
-- Finished attempts keep the result they were given.
CREATE FUNCTION "regrade_open_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "quiz_answers" qa
     SET "is_correct" = (qa."choice_index" = NEW."answer_index")
    FROM "quiz_attempts" a
   WHERE qa."question_id" = NEW."id"
     AND qa."choice_index" IS NOT NULL
     AND a."id" = qa."attempt_id"
     AND a."status" = 'in_progress';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "questions_regrade_open_answers"
  AFTER UPDATE OF "answer_index" ON "questions"
  FOR EACH ROW WHEN (OLD."answer_index" IS DISTINCT FROM NEW."answer_index")
  EXECUTE FUNCTION "regrade_open_answers"();
