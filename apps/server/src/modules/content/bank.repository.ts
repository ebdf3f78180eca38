import { type BankItem, type BlueprintSpec, blueprintSpecSchema } from '@pasado/core';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  blueprints,
  questions,
  reviewerSubjects,
  subjects,
  topics,
} from '../../platform/db/schema.ts';
import { isReviewerSubject, reviewerSubjectJoin } from './reviewer-subjects.repository.ts';
import { findReviewerContent } from './topics.repository.ts';

/** Read access to a reviewer's question bank and blueprint (issue 4 "Content model"). */

export type BankQuestion = BankItem & { topicId: string };

/** Every question of a reviewer with its subject and topic; held items are marked, not dropped. */
export async function listBank(
  ex: Executor,
  reviewer: string,
  filter: { subjectId?: string; topicId?: string } = {},
): Promise<BankQuestion[]> {
  const rows = await ex
    .select({
      id: questions.id,
      topicId: questions.topicId,
      subjectId: topics.subjectId,
      heldAt: questions.heldAt,
    })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(
      and(
        isReviewerSubject(topics.subjectId, reviewer),
        filter.subjectId ? eq(topics.subjectId, filter.subjectId) : undefined,
        filter.topicId ? eq(topics.id, filter.topicId) : undefined,
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    topicId: r.topicId,
    subjectId: r.subjectId,
    held: r.heldAt !== null,
  }));
}

/** Subjects and topics of a reviewer with their counts of items that are not held. */
export async function listSubjectsWithCounts(ex: Executor, reviewer: string) {
  const subjectRows = await ex
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .innerJoin(reviewerSubjects, reviewerSubjectJoin(subjects.id, reviewer))
    .orderBy(asc(reviewerSubjects.sortOrder), asc(subjects.name));
  if (subjectRows.length === 0) return [];
  const topicRows = await ex
    .select({
      id: topics.id,
      subjectId: topics.subjectId,
      name: topics.name,
      itemCount: sql<number>`count(${questions.id})::int`,
    })
    .from(topics)
    .leftJoin(questions, and(eq(questions.topicId, topics.id), isNull(questions.heldAt)))
    .where(
      inArray(
        topics.subjectId,
        subjectRows.map((s) => s.id),
      ),
    )
    .groupBy(topics.id, topics.subjectId, topics.name, topics.sortOrder)
    .orderBy(asc(topics.sortOrder), asc(topics.name));
  return subjectRows.map((s) => {
    const mine = topicRows.filter((t) => t.subjectId === s.id);
    return {
      id: s.id,
      name: s.name,
      itemCount: mine.reduce((sum, t) => sum + Number(t.itemCount), 0),
      topics: mine.map((t) => ({ id: t.id, name: t.name, itemCount: Number(t.itemCount) })),
    };
  });
}

export type QuestionRow = {
  id: string;
  topicId: string;
  topicName: string;
  subjectId: string;
  stem: string;
  choices: string[];
  answerIndex: number;
  rationale: string;
  distractorNotes: (string | null)[] | null;
};

/** What a quiz shows of a question, with its topic (the query joins `topics`). */
export const questionColumns = {
  topicId: questions.topicId,
  topicName: topics.name,
  subjectId: topics.subjectId,
  stem: questions.stem,
  choices: questions.choices,
};
/** What a question reveals once answered (a lite quiz) or submitted. */
export const keyColumns = {
  answerIndex: questions.answerIndex,
  rationale: questions.rationale,
  distractorNotes: questions.distractorNotes,
};

export async function loadQuestions(
  ex: Executor,
  ids: readonly string[],
): Promise<Map<string, QuestionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({ id: questions.id, ...questionColumns, ...keyColumns })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(inArray(questions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A question of this reviewer, or null (an id from another reviewer is not ours to touch). */
export function findReviewerQuestion(ex: Executor, reviewer: string, questionId: string) {
  return findReviewerContent(ex, questions, reviewer, questionId);
}

export async function findSubject(ex: Executor, reviewer: string, subjectId: string) {
  const [row] = await ex
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.id, subjectId), isReviewerSubject(subjects.id, reviewer)));
  return row ?? null;
}

export async function findTopic(ex: Executor, reviewer: string, topicId: string) {
  const [row] = await ex
    .select({
      id: topics.id,
      name: topics.name,
      subjectId: topics.subjectId,
      subjectName: subjects.name,
    })
    .from(topics)
    .innerJoin(subjects, eq(subjects.id, topics.subjectId))
    .where(and(eq(topics.id, topicId), isReviewerSubject(subjects.id, reviewer)));
  return row ?? null;
}

export type Blueprint = { id: string; name: string; spec: BlueprintSpec };

/** The reviewer's mock blueprint (the first by id when several exist); null when none is valid. */
export async function findBlueprint(ex: Executor, reviewer: string, id?: string | null) {
  const rows = await ex
    .select({ id: blueprints.id, name: blueprints.name, spec: blueprints.spec })
    .from(blueprints)
    .where(and(eq(blueprints.reviewerShorthand, reviewer), id ? eq(blueprints.id, id) : undefined))
    .orderBy(asc(blueprints.id));
  for (const row of rows) {
    const spec = blueprintSpecSchema.safeParse(row.spec);
    if (spec.success) return { id: row.id, name: row.name, spec: spec.data } satisfies Blueprint;
  }
  return null;
}

/** Specs parsed from their stored text, so a finish parses its blueprint once per process. */
const parsedSpecs = new Map<string, BlueprintSpec | null>();
/** Staff edit a handful of blueprints; past this many texts the memory starts again. */
const PARSED_SPECS_MAX = 64;

/**
 * `findBlueprint`'s choice among rows a caller read itself, each spec as its stored text (a quiz's
 * finish reads them with the attempt's items, ADR 031): the first, in the caller's order (by id),
 * whose spec is valid; null when none is. The same text always parses the same, so the parse is
 * remembered by text; the spec is shared, and like every spec it is only read.
 */
export function firstValidBlueprint(
  rows: readonly { id: string; name: string; specText: string }[],
): Blueprint | null {
  for (const row of rows) {
    let spec = parsedSpecs.get(row.specText);
    if (spec === undefined) {
      const parsed = blueprintSpecSchema.safeParse(JSON.parse(row.specText));
      spec = parsed.success ? parsed.data : null;
      if (parsedSpecs.size >= PARSED_SPECS_MAX) parsedSpecs.clear();
      parsedSpecs.set(row.specText, spec);
    }
    if (spec) return { id: row.id, name: row.name, spec };
  }
  return null;
}

/** An item with its key, as the offline pool carries it (issue 11), and whether it is held. */
export type KeyedQuestion = QuestionRow & { held: boolean };

const keyedColumns = {
  id: questions.id,
  ...questionColumns,
  ...keyColumns,
  heldAt: questions.heldAt,
};

const keyed = (r: { heldAt: Date | null } & QuestionRow): KeyedQuestion => {
  const { heldAt, ...question } = r;
  return { ...question, held: heldAt !== null };
};

/** Every item of a reviewer's subjects (owned or shared) with its key, held ones marked. */
export async function listKeyedBank(ex: Executor, reviewer: string): Promise<KeyedQuestion[]> {
  const rows = await ex
    .select(keyedColumns)
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(isReviewerSubject(topics.subjectId, reviewer));
  return rows.map(keyed);
}

/** These items with their keys, when they are the reviewer's; another reviewer's are missing. */
export async function loadReviewerQuestions(
  ex: Executor,
  reviewer: string,
  ids: readonly string[],
): Promise<Map<string, KeyedQuestion>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select(keyedColumns)
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(
      and(inArray(questions.id, [...new Set(ids)]), isReviewerSubject(topics.subjectId, reviewer)),
    );
  return new Map(rows.map((r) => [r.id, keyed(r)]));
}
