import type { StatementLine, StatementMapping } from '@pasado/core';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  screenshotReadings,
  statementImports,
  statementLines,
  statementMappings,
} from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';

// The reconciliation's own tables (issue 26; docs/decisions/029): statement mappings, imports,
// lines and screenshot readings. The statement file is never stored; its lines are, each once.

export type StatementMappingRow = typeof statementMappings.$inferSelect;
export type StatementImportRow = typeof statementImports.$inferSelect;
export type StatementLineRow = typeof statementLines.$inferSelect;
export type ScreenshotReadingRow = typeof screenshotReadings.$inferSelect;

/** Every mapping, the shipped ones first, then staff's by label. */
export async function listStatementMappings(ex: Executor): Promise<StatementMappingRow[]> {
  return ex
    .select()
    .from(statementMappings)
    .orderBy(desc(statementMappings.builtin), asc(statementMappings.label));
}

export async function findStatementMapping(
  ex: Executor,
  id: string,
): Promise<StatementMappingRow | null> {
  const [row] = await ex.select().from(statementMappings).where(eq(statementMappings.id, id));
  return row ?? null;
}

/** A staff mapping; false when its id is taken. */
export async function insertStatementMapping(
  ex: Executor,
  mapping: StatementMapping,
  createdBy: string,
): Promise<boolean> {
  const rows = await ex
    .insert(statementMappings)
    .values({
      id: mapping.id,
      label: mapping.label,
      source: mapping.source,
      definition: mapping,
      builtin: false,
      createdBy,
    })
    .onConflictDoNothing({ target: statementMappings.id })
    .returning({ id: statementMappings.id });
  return rows.length === 1;
}

export async function insertStatementImport(
  ex: Executor,
  values: Omit<typeof statementImports.$inferInsert, 'id'>,
): Promise<StatementImportRow> {
  const [row] = await ex.insert(statementImports).values(values).returning();
  if (!row) throw new AppError('INTERNAL', 'The statement import was not recorded.');
  return row;
}

export async function setImportNewLines(ex: Executor, importId: string, newLines: number) {
  await ex.update(statementImports).set({ newLines }).where(eq(statementImports.id, importId));
}

/** The latest imports, newest first. */
export async function listRecentImports(
  ex: Executor,
  limit: number,
): Promise<StatementImportRow[]> {
  return ex.select().from(statementImports).orderBy(desc(statementImports.uploadedAt)).limit(limit);
}

/** Rows per INSERT: 12 parameters a line stays far below PostgreSQL's 65,535. */
const LINES_PER_INSERT = 2000;

/**
 * Keeps the lines not kept yet; the unique identity decides ("uploading overlapping statements
 * twice adds nothing"). Returns how many were new.
 */
export async function insertStatementLines(
  ex: Executor,
  importId: string,
  lines: readonly StatementLine[],
): Promise<number> {
  let added = 0;
  for (let at = 0; at < lines.length; at += LINES_PER_INSERT) {
    const chunk = lines.slice(at, at + LINES_PER_INSERT);
    const rows = await ex
      .insert(statementLines)
      .values(
        chunk.map((line) => ({
          identity: line.identity,
          importId,
          source: line.source,
          occurredAt: line.occurredAt,
          timeKnown: line.timeKnown,
          amountCentavos: line.amountCentavos,
          reference: line.reference,
          sender: line.sender,
          description: line.description,
          balanceCentavos: line.balanceCentavos,
        })),
      )
      .onConflictDoNothing({ target: statementLines.identity })
      .returning({ id: statementLines.id });
    added += rows.length;
  }
  return added;
}

/** Lines that happened at or after `since`, oldest first. */
export async function listStatementLinesSince(
  ex: Executor,
  since: Date,
): Promise<StatementLineRow[]> {
  return ex
    .select()
    .from(statementLines)
    .where(gte(statementLines.occurredAt, since))
    .orderBy(asc(statementLines.occurredAt));
}

/** Lines whose reference is one of these (any time): a purchase's cited payment may be old. */
export async function listStatementLinesByReference(
  ex: Executor,
  references: readonly string[],
): Promise<StatementLineRow[]> {
  if (references.length === 0) return [];
  return ex
    .select()
    .from(statementLines)
    .where(inArray(statementLines.reference, [...references]));
}

/** The newest line's time, or null before any statement. */
export async function newestStatementLineAt(ex: Executor): Promise<Date | null> {
  const [row] = await ex
    .select({ at: sql<Date | null>`max(${statementLines.occurredAt})` })
    .from(statementLines);
  return row?.at ? new Date(row.at) : null;
}

/**
 * Binds a line to the purchase it paid for, once: false when another purchase holds it (or this
 * purchase holds another line), so a reference satisfies one purchase, ever.
 */
export async function claimStatementLine(
  ex: Executor,
  input: { identity: string; subscriptionId: string; via: string; now: Date },
): Promise<StatementLineRow | null> {
  const [row] = await ex
    .update(statementLines)
    .set({
      claimedBySubscriptionId: input.subscriptionId,
      claimedAt: input.now,
      claimedVia: input.via,
    })
    .where(
      and(
        eq(statementLines.identity, input.identity),
        isNull(statementLines.claimedBySubscriptionId),
        sql`not exists (select 1 from statement_lines held
          where held.claimed_by_subscription_id = ${input.subscriptionId}::uuid)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The lines bound to any of these purchases (one each at most). */
export async function listStatementLinesClaimedBy(
  ex: Executor,
  subscriptionIds: readonly string[],
): Promise<StatementLineRow[]> {
  if (subscriptionIds.length === 0) return [];
  return ex
    .select()
    .from(statementLines)
    .where(inArray(statementLines.claimedBySubscriptionId, [...subscriptionIds]));
}

// Screenshot readings: the OCR job's queue and its results.

/** Queues a screenshot proof for reading, in the purchase's own transaction. */
export async function queueScreenshotReading(ex: Executor, transactionId: string, now: Date) {
  await ex
    .insert(screenshotReadings)
    .values({ transactionId, status: 'queued', queuedAt: now })
    .onConflictDoNothing({ target: screenshotReadings.transactionId });
}

/** Why a reading failed whose reader stopped on each of its attempts. */
export const READER_DIED = 'The reading stopped before it finished, on every attempt.';

/**
 * Takes the oldest queued reading (or one whose reader's lease ran out: its process died) for
 * `leaseMs`, skipping rows another process holds. Null when there is nothing to read. A reading
 * whose lease ran out on its last attempt fails for good first: taken no more, it stayed
 * `reading` for ever, in the backlog, never read and never failed.
 */
export async function takeScreenshotReading(
  ex: Executor,
  input: { now: Date; leaseMs: number; maxAttempts: number },
): Promise<ScreenshotReadingRow | null> {
  await ex
    .update(screenshotReadings)
    .set({
      status: 'failed',
      error: READER_DIED,
      leaseUntil: null,
      finishedAt: input.now,
    })
    .where(
      and(
        eq(screenshotReadings.status, 'reading'),
        lt(screenshotReadings.leaseUntil, input.now),
        gte(screenshotReadings.attempts, input.maxAttempts),
      ),
    );
  const [next] = await ex
    .select({ transactionId: screenshotReadings.transactionId })
    .from(screenshotReadings)
    .where(
      and(
        or(
          eq(screenshotReadings.status, 'queued'),
          and(
            eq(screenshotReadings.status, 'reading'),
            lt(screenshotReadings.leaseUntil, input.now),
          ),
        ),
        lt(screenshotReadings.attempts, input.maxAttempts),
      ),
    )
    .orderBy(asc(screenshotReadings.queuedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!next) return null;
  const [row] = await ex
    .update(screenshotReadings)
    .set({
      status: 'reading',
      attempts: sql`${screenshotReadings.attempts} + 1`,
      leaseUntil: new Date(input.now.getTime() + input.leaseMs),
    })
    .where(eq(screenshotReadings.transactionId, next.transactionId))
    .returning();
  return row ?? null;
}

/** A reading's result: what was found (any field may be missing) or why it failed. */
export async function finishScreenshotReading(
  ex: Executor,
  transactionId: string,
  result:
    | {
        status: 'done';
        layout: string | null;
        reference: string | null;
        referenceConfidence: number | null;
        amountCentavos: number | null;
        amountConfidence: number | null;
        paidAt: Date | null;
        dateConfidence: number | null;
      }
    | { status: 'failed' | 'queued'; error: string },
  now: Date,
) {
  await ex
    .update(screenshotReadings)
    .set(
      result.status === 'done'
        ? { ...result, error: null, leaseUntil: null, finishedAt: now }
        : {
            status: result.status,
            error: result.error,
            leaseUntil: null,
            finishedAt: result.status === 'failed' ? now : null,
          },
    )
    .where(eq(screenshotReadings.transactionId, transactionId));
}

export async function listScreenshotReadings(
  ex: Executor,
  transactionIds: readonly string[],
): Promise<ScreenshotReadingRow[]> {
  if (transactionIds.length === 0) return [];
  return ex
    .select()
    .from(screenshotReadings)
    .where(inArray(screenshotReadings.transactionId, [...transactionIds]));
}

/** Readings still waiting or being read: the job's backlog. */
export async function countPendingReadings(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(screenshotReadings)
    .where(inArray(screenshotReadings.status, ['queued', 'reading']));
  return row?.n ?? 0;
}
