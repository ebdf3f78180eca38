import { type ItemDifficulty, type ItemHistory, seedDifficulty } from '@pasado/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { itemDifficulties, itemHistories, questions, topics } from '../../platform/db/schema.ts';
import { isReviewerSubject } from '../content/reviewer-subjects.repository.ts';

/** What the student model needs of an item (issue 23 item 2): where it counts, how hard it is. */
export type ItemFacts = {
  id: string;
  subjectId: string;
  topicId: string;
  held: boolean;
  choices: number;
  difficulty: ItemDifficulty;
};

const columns = {
  id: questions.id,
  subjectId: topics.subjectId,
  topicId: questions.topicId,
  heldAt: questions.heldAt,
  label: questions.difficulty,
  choices: sql<number>`jsonb_array_length(${questions.choices})`.mapWith(Number),
  mean: itemDifficulties.mean,
  variance: itemDifficulties.variance,
  answers: itemDifficulties.answers,
};

/** An item's row as the facts are read from it (`itemFactsOf`). */
export type ItemFactsRow = {
  id: string;
  subjectId: string;
  topicId: string;
  heldAt: Date | null;
  label: number;
  choices: number;
  mean: number | null;
  variance: number | null;
  answers: number | null;
};

/** An item's difficulty as everyone's answers left it, or seeded from the bank's label. */
export const itemFactsOf = (r: ItemFactsRow): ItemFacts => ({
  id: r.id,
  subjectId: r.subjectId,
  topicId: r.topicId,
  held: r.heldAt !== null,
  choices: r.choices,
  difficulty:
    r.mean !== null && r.variance !== null
      ? { mean: r.mean, variance: r.variance, answers: r.answers ?? 0 }
      : seedDifficulty(r.label),
});

const base = (ex: Executor) =>
  ex
    .select(columns)
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .leftJoin(itemDifficulties, eq(itemDifficulties.questionId, questions.id));

/** These items' facts (any track's). */
export async function loadItemFacts(
  ex: Executor,
  ids: readonly string[],
): Promise<Map<string, ItemFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await base(ex).where(inArray(questions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, itemFactsOf(r)]));
}

/**
 * These items' facts with what this student last did with each (core `ItemHistory`, undefined
 * when never answered): the finish reads both in the one statement it already made (ADR 032).
 */
export async function loadItemFactsWithHistory(
  ex: Executor,
  ids: readonly string[],
  userId: string,
): Promise<Map<string, ItemFacts & { history: ItemHistory | undefined }>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({
      ...columns,
      lastAt: itemHistories.lastAt,
      lastCorrect: itemHistories.lastCorrect,
      reviewStep: itemHistories.reviewStep,
    })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .leftJoin(itemDifficulties, eq(itemDifficulties.questionId, questions.id))
    .leftJoin(
      itemHistories,
      and(eq(itemHistories.questionId, questions.id), eq(itemHistories.userId, userId)),
    )
    .where(inArray(questions.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        ...itemFactsOf(r),
        history:
          r.lastAt !== null && r.lastCorrect !== null
            ? { lastAt: r.lastAt.getTime(), lastCorrect: r.lastCorrect, reviewStep: r.reviewStep }
            : undefined,
      },
    ]),
  );
}

/** Every item of a track's subjects, as the forecast profiles the track. */
export async function listTrackItemFacts(ex: Executor, reviewer: string): Promise<ItemFacts[]> {
  const rows = await base(ex).where(isReviewerSubject(topics.subjectId, reviewer));
  return rows.map(itemFactsOf);
}
