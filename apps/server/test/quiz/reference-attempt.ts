import {
  type AttemptItem,
  type AttemptState,
  attemptParts,
  attemptTitle,
  attemptTopicActivity,
  liteResult,
  mockResult,
  type QuizResult,
  revealsAnswer,
} from '@pasado/core';
import { findBlueprint, findSubject } from '../../src/modules/content/bank.repository.ts';
import { loadAttemptItems } from '../../src/modules/quiz/attempt-view.read-model.ts';
import { loadAttemptHeader } from '../../src/modules/quiz/attempts.repository.ts';
import type { Db } from '../../src/platform/db/client.ts';

/**
 * The attempt as the quiz service built it before issue 10: the whole row, every answer, every
 * question with its key, the blueprint and the subject read afresh, then core's rules applied item
 * by item (the slow path, b409622 attempts.ts `attemptState` and `finalize`). The fast paths are
 * held to it.
 */
export async function referenceState(db: Db, attemptId: string, now: Date): Promise<AttemptState> {
  const row = await loadAttemptHeader(db, attemptId);
  if (!row || row.kind === 'drill') throw new Error(`no attempt ${attemptId}`);
  const kind = row.kind;
  const { answers, questions } = await loadAttemptItems(db, row);
  const submitted = row.status === 'submitted';
  const items: AttemptItem[] = [];
  for (const item of row.items) {
    const q = questions.get(item.questionId);
    if (!q) continue;
    const a = answers.get(item.questionId);
    const answered = a?.choiceIndex != null;
    const reveal = revealsAnswer(kind, submitted, answered);
    items.push({
      questionId: q.id,
      partId: item.partId,
      topicName: q.topicName,
      stem: q.stem,
      choices: q.choices,
      choiceIndex: a?.choiceIndex ?? null,
      flagged: a?.flagged ?? false,
      isCorrect: reveal ? (a?.isCorrect ?? false) : null,
      reveal: reveal
        ? { answerIndex: q.answerIndex, rationale: q.rationale, distractorNotes: q.distractorNotes }
        : null,
    });
  }
  let parts: AttemptState['parts'] = null;
  let blueprintName: string | null = null;
  if (kind === 'mock') {
    const blueprint = await findBlueprint(db, row.reviewerShorthand, row.blueprintId);
    blueprintName = blueprint?.name ?? null;
    parts = blueprint ? attemptParts(blueprint.spec, row.items) : null;
  }
  const subject = row.subjectId
    ? await findSubject(db, row.reviewerShorthand, row.subjectId)
    : null;
  return {
    attemptId: row.id,
    kind,
    reviewer: row.reviewerShorthand,
    title: attemptTitle(kind, { subject: subject?.name ?? null, blueprint: blueprintName }),
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    serverNow: now.toISOString(),
    parts,
    // The slow path predates sittings (issue 12): the attempts it is held to run on one clock.
    sittings: null,
    items,
    result: submitted ? (row.result as QuizResult | null) : null,
  };
}

/** The result and topic activity the slow path's `finalize` scores from the answers stored now. */
export async function referenceScore(
  db: Db,
  attemptId: string,
  now: Date,
  autoSubmitted: boolean,
): Promise<{ result: QuizResult; topics: ReturnType<typeof attemptTopicActivity> }> {
  const row = await loadAttemptHeader(db, attemptId);
  if (!row || row.kind === 'drill') throw new Error(`no attempt ${attemptId}`);
  const { answers, questions } = await loadAttemptItems(db, row);
  const scored = row.items.map((i) => ({
    partId: i.partId,
    isCorrect: answers.get(i.questionId)?.isCorrect ?? null,
  }));
  let result: QuizResult;
  if (row.kind === 'mock') {
    const blueprint = await findBlueprint(db, row.reviewerShorthand, row.blueprintId);
    if (!blueprint) throw new Error('no blueprint');
    result = mockResult(blueprint.spec, scored, autoSubmitted);
  } else {
    result = liteResult(scored, autoSubmitted);
  }
  const topics = attemptTopicActivity({
    items: row.items,
    answers,
    topics: questions,
    startedAt: row.startedAt,
    deadlineAt: row.deadlineAt,
    now,
  });
  return { result, topics };
}
