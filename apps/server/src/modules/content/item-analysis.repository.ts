import type { ItemAnalysis, ItemStatsRow, ItemStatsSort } from '@pasado/core';
import { and, asc, count, eq, isNotNull, max, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { itemReports, itemStats, questions } from '../../platform/db/schema.ts';
import { joinQuestionPlace, questionPlace } from './topics.repository.ts';

/**
 * Holds, until the transaction ends, the one lock of the item-analysis job: two server processes
 * whose timers fire together run it one after the other, never interleaved.
 */
export async function lockItemAnalysis(ex: Executor): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext('item-analysis'))`);
}

// 10 parameters a row: 500 rows stay far below PostgreSQL's 65,535 bound parameters.
const CHUNK = 500;

/**
 * Makes item_stats exactly `items` as of `computedAt`: each row upserted, then the rows of
 * questions with no response any more (their attempts deleted with a user) removed.
 */
export async function replaceItemStats(
  ex: Executor,
  items: readonly ItemAnalysis[],
  computedAt: Date,
): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) {
    const values = items.slice(start, start + CHUNK).map((i) => ({
      questionId: i.questionId,
      responses: i.responses,
      correct: i.correct,
      difficulty: i.difficulty,
      discrimination: i.discrimination,
      optionShares: i.optionShares,
      upperOptionShares: i.upperOptionShares,
      lowerOptionShares: i.lowerOptionShares,
      flag: i.flag,
      computedAt,
    }));
    await ex
      .insert(itemStats)
      .values(values)
      .onConflictDoUpdate({
        target: itemStats.questionId,
        set: {
          responses: sql`excluded.responses`,
          correct: sql`excluded.correct`,
          difficulty: sql`excluded.difficulty`,
          discrimination: sql`excluded.discrimination`,
          optionShares: sql`excluded.option_shares`,
          upperOptionShares: sql`excluded.upper_option_shares`,
          lowerOptionShares: sql`excluded.lower_option_shares`,
          flag: sql`excluded.flag`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  }
  // Every row written above carries this run's time; any other is a question left without responses.
  await ex.delete(itemStats).where(ne(itemStats.computedAt, computedAt));
}

/** Questions with an open analysis flag. */
export async function listOpenAnalysisFlags(ex: Executor): Promise<Set<string>> {
  const rows = await ex
    .select({ questionId: itemReports.questionId })
    .from(itemReports)
    .where(and(eq(itemReports.source, 'analysis'), eq(itemReports.status, 'open')));
  return new Set(rows.map((r) => r.questionId));
}

/** Per question, when staff last resolved (cleared or fixed) an analysis flag on it. */
export async function listLastResolvedAnalysisFlags(ex: Executor): Promise<Map<string, Date>> {
  const rows = await ex
    .select({ questionId: itemReports.questionId, resolvedAt: max(itemReports.resolvedAt) })
    .from(itemReports)
    .where(and(eq(itemReports.source, 'analysis'), isNotNull(itemReports.resolvedAt)))
    .groupBy(itemReports.questionId);
  return new Map(
    rows.flatMap((r) => (r.resolvedAt ? [[r.questionId, new Date(r.resolvedAt)] as const] : [])),
  );
}

/**
 * Files analysis flags in the reported-items queue; a question that already has an open one is
 * skipped by the partial unique index (`item_reports_one_open_flag`). Returns how many were filed.
 */
export async function fileAnalysisFlags(
  ex: Executor,
  flags: readonly { questionId: string; reason: string }[],
  createdAt: Date,
): Promise<number> {
  if (flags.length === 0) return 0;
  const filed = await ex
    .insert(itemReports)
    .values(flags.map((f) => ({ ...f, source: 'analysis' as const, userId: null, createdAt })))
    .onConflictDoNothing()
    .returning({ id: itemReports.id });
  return filed.length;
}

const SORT_COLUMNS: Record<ItemStatsSort, SQL> = {
  flag: sql`${itemStats.flag}`,
  difficulty: sql`${itemStats.difficulty}`,
  discrimination: sql`${itemStats.discrimination}`,
  responses: sql`${itemStats.responses}`,
};

/**
 * One page of the stored figures with each question's text and place. Nulls sort last in both
 * directions (no flag; no discrimination below the minimum), then by question id for a stable page.
 */
export async function listItemStats(
  ex: Executor,
  query: { sort: ItemStatsSort; order: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ items: ItemStatsRow[]; total: number; computedAt: Date | null }> {
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const [rows, [summary]] = await Promise.all([
    joinQuestionPlace(
      ex
        .select({
          stats: itemStats,
          ...questionPlace,
          stem: questions.stem,
          choices: questions.choices,
          answerIndex: questions.answerIndex,
        })
        .from(itemStats)
        .$dynamic(),
      itemStats.questionId,
    )
      .orderBy(sql`${column} ${direction} nulls last`, asc(itemStats.questionId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ex.select({ total: count(), computedAt: max(itemStats.computedAt) }).from(itemStats),
  ]);
  return {
    total: Number(summary?.total ?? 0),
    computedAt: summary?.computedAt ? new Date(summary.computedAt) : null,
    items: rows.map((r) => ({
      questionId: r.stats.questionId,
      reviewerShorthand: r.reviewerShorthand,
      subjectName: r.subjectName,
      topicName: r.topicName,
      stem: r.stem,
      choices: r.choices,
      answerIndex: r.answerIndex,
      responses: r.stats.responses,
      correct: r.stats.correct,
      difficulty: r.stats.difficulty,
      discrimination: r.stats.discrimination,
      optionShares: r.stats.optionShares,
      upperOptionShares: r.stats.upperOptionShares,
      lowerOptionShares: r.stats.lowerOptionShares,
      flag: r.stats.flag as ItemStatsRow['flag'],
      computedAt: r.stats.computedAt.toISOString(),
    })),
  };
}
