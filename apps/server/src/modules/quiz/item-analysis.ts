import {
  analyseItemTally,
  describeItemFlag,
  type ItemAnalysisRunResponse,
  type ItemStatsQuery,
  type ItemStatsResponse,
  shouldFileItemFlag,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import {
  fileAnalysisFlags,
  listItemStats,
  listLastResolvedAnalysisFlags,
  listOpenAnalysisFlags,
  lockItemAnalysis,
  replaceItemStats,
} from '../content/item-analysis.repository.ts';
import { keepToOneWorker, tallySubmittedItems } from './item-tallies.read-model.ts';

/**
 * The item-analysis job (issue 12 item 6; docs/decisions/017-item-analysis.md): tallies every
 * submitted mock's and lite quiz's items in the database (issue 25 item 2: the process holds a few
 * rows per question, never a row per response), turns the tallies into figures with core's
 * `analyseItemTally` (what `analyseItems` does for each question), stores
 * them and files an analysis flag in the reported-items queue for each newly flagged item — all in
 * one transaction, under one lock, so the stats and the queue never disagree.
 *
 * An analysis flag does not hold the item out of mocks (a student's report does): it is a
 * statistical hint for staff, and holding every low-discrimination item would empty the banks
 * that onboarding checks a track against.
 */
export async function runItemAnalysis(db: Db, now: Date): Promise<ItemAnalysisRunResponse> {
  return db.transaction(async (tx) => {
    await lockItemAnalysis(tx);
    // The job's sorts and aggregates run in the database (ADR 017): on one worker, so a multi-core
    // database keeps cores for the requests served meanwhile.
    await keepToOneWorker(tx);
    const open = await listOpenAnalysisFlags(tx);
    const lastResolved = await listLastResolvedAnalysisFlags(tx);
    const { tallies, responsesAtResolution } = await tallySubmittedItems(tx, lastResolved);
    const items = tallies.map(analyseItemTally);
    await replaceItemStats(tx, items, now);

    const keyOf = new Map(tallies.map((t) => [t.questionId, t.answerIndex]));
    const toFile = items
      .filter((item) =>
        shouldFileItemFlag({
          flag: item.flag,
          responses: item.responses,
          openFlag: open.has(item.questionId),
          responsesAtLastResolution: lastResolved.has(item.questionId)
            ? (responsesAtResolution.get(item.questionId) ?? 0)
            : null,
        }),
      )
      .map((item) => ({
        questionId: item.questionId,
        reason: describeItemFlag({ ...item, answerIndex: keyOf.get(item.questionId) ?? 0 }),
      }));
    const filed = await fileAnalysisFlags(tx, toFile, now);
    return {
      questions: items.length,
      flagged: items.filter((i) => i.flag !== null).length,
      filed,
      computedAt: now.toISOString(),
    };
  });
}

/** A page of the stored figures for the console; never computes anything (issue 12: not on page load). */
export async function listItemStatsPage(db: Db, query: ItemStatsQuery): Promise<ItemStatsResponse> {
  const { items, total, computedAt } = await listItemStats(db, query);
  return {
    items,
    total,
    page: query.page,
    pageSize: query.pageSize,
    computedAt: computedAt?.toISOString() ?? null,
  };
}
