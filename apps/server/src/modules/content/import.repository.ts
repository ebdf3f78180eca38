import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.ts';
import {
  blueprints,
  flashCards,
  notes,
  questions,
  reviewerSubjects,
  subjects,
  topics,
} from '../../platform/db/schema.ts';

/** The kinds of row a content file writes, keyed by author-chosen text ids. */
export type ContentKind =
  | 'subjects'
  | 'topics'
  | 'questions'
  | 'flashCards'
  | 'notes'
  | 'blueprints';

/** A row as the import compares and writes it: the table's columns in camelCase. */
export type ContentRow = { id: string } & Record<string, unknown>;

type ContentTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

const TABLES: Record<ContentKind, ContentTable> = {
  subjects,
  topics,
  questions,
  flashCards,
  notes,
  blueprints,
};

/**
 * Planner statistics for the content tables, after a bulk import. Until autovacuum gets to them a
 * fresh database has none, and the planner guesses: the lite start's read of the held items
 * scanned every question (ADR 036). Outside the import's transaction; cheap on tables this size.
 */
export async function analyzeContentTables(ex: Executor): Promise<void> {
  const names = [...Object.values(TABLES), reviewerSubjects].map((table) => getTableName(table));
  await ex.execute(sql.raw(`analyze ${names.map((name) => `"${name}"`).join(', ')}`));
}

// Bound parameters per statement stay far below PostgreSQL's limit.
const CHUNK = 500;
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** Id → reviewer for those of `ids` that exist, looked up in batches. */
async function ownersOf(
  ids: Iterable<string>,
  query: (batch: string[]) => Promise<{ id: string; reviewer: string }[]>,
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const batch of chunks([...new Set(ids)])) {
    for (const row of await query(batch)) owners.set(row.id, row.reviewer);
  }
  return owners;
}

/** The stored rows of these ids, by id. */
export async function findContentRows(
  ex: Executor,
  kind: ContentKind,
  ids: string[],
): Promise<Map<string, ContentRow>> {
  const table = TABLES[kind];
  const found = new Map<string, ContentRow>();
  for (const batch of chunks(ids)) {
    const rows = (await ex
      .select()
      .from(table as PgTable)
      .where(inArray(table.id, batch))) as ContentRow[];
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** Rewrites a row's columns; `updated_at` is the database's time of the write. */
export async function updateContentRow(
  ex: Executor,
  kind: ContentKind,
  { id, ...values }: ContentRow,
): Promise<void> {
  const table = TABLES[kind];
  await ex
    .update(table)
    .set({ ...values, updatedAt: sql`now()` } as never)
    .where(eq(table.id, id));
}

export async function insertContentRows(
  ex: Executor,
  kind: ContentKind,
  rows: ContentRow[],
): Promise<void> {
  for (const batch of chunks(rows)) await ex.insert(TABLES[kind]).values(batch as never);
}

/** The reviewer each of these subjects belongs to (unknown ids are absent). */
export async function subjectOwners(ex: Executor, ids: string[]): Promise<Map<string, string>> {
  return ownersOf(ids, (batch) =>
    ex
      .select({ id: subjects.id, reviewer: subjects.reviewerShorthand })
      .from(subjects)
      .where(inArray(subjects.id, batch)),
  );
}

/** The subject of each of these topics (unknown ids are absent). */
export async function topicSubjects(ex: Executor, ids: string[]): Promise<Map<string, string>> {
  return ownersOf(ids, (batch) =>
    ex
      .select({ id: topics.id, reviewer: topics.subjectId })
      .from(topics)
      .where(inArray(topics.id, batch)),
  );
}

/** The reviewer each of these topics belongs to, through its subject. */
export async function topicOwners(ex: Executor, ids: string[]): Promise<Map<string, string>> {
  return ownersOf(ids, (batch) =>
    ex
      .select({ id: topics.id, reviewer: subjects.reviewerShorthand })
      .from(topics)
      .innerJoin(subjects, eq(subjects.id, topics.subjectId))
      .where(inArray(topics.id, batch)),
  );
}

/** The reviewer each of these questions, flash cards or notes belongs to, through its topic. */
export async function itemOwners(
  ex: Executor,
  kind: 'questions' | 'flashCards' | 'notes',
  ids: string[],
): Promise<Map<string, string>> {
  const table = { questions, flashCards, notes }[kind];
  return ownersOf(ids, (batch) =>
    ex
      .select({ id: table.id, reviewer: subjects.reviewerShorthand })
      .from(table)
      .innerJoin(topics, eq(topics.id, table.topicId))
      .innerJoin(subjects, eq(subjects.id, topics.subjectId))
      .where(inArray(table.id, batch)),
  );
}

/** The reviewer each of these blueprints belongs to. */
export async function blueprintOwners(ex: Executor, ids: string[]): Promise<Map<string, string>> {
  return ownersOf(ids, (batch) =>
    ex
      .select({ id: blueprints.id, reviewer: blueprints.reviewerShorthand })
      .from(blueprints)
      .where(inArray(blueprints.id, batch)),
  );
}
