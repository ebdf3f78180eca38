import { setImmediate } from 'node:timers/promises';
import {
  analyseItems,
  attemptScoreShares,
  describeItemFlag,
  type ItemAnalysis,
  type ItemAnalysisRunResponse,
  type ItemResponse,
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
import {
  type AttemptItemResponse,
  listSubmittedItemResponses,
} from './item-responses.read-model.ts';

/**
 * The item-analysis job (issue 12 item 6; docs/decisions/017-item-analysis.md): reads every
 * submitted mock's and lite quiz's items, computes the figures with core's `analyseItems`, stores
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
    const rows = await listSubmittedItemResponses(tx);
    const items = await analyseInSlices(rows);
    await replaceItemStats(tx, items, now);

    const open = await listOpenAnalysisFlags(tx);
    const lastResolved = await listLastResolvedAnalysisFlags(tx);
    const keyOf = new Map(rows.map((r) => [r.questionId, r.answerIndex]));
    // Responses each previously flagged item had when staff resolved its flag: those submitted by then.
    const responsesAtResolution = new Map<string, number>();
    for (const r of rows) {
      const resolvedAt = lastResolved.get(r.questionId);
      if (resolvedAt && r.submittedAt <= resolvedAt) {
        responsesAtResolution.set(r.questionId, (responsesAtResolution.get(r.questionId) ?? 0) + 1);
      }
    }
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

// Responses analysed between two yields to the event loop: requests keep being served while a
// large history is analysed (300,000 responses take about a second of CPU).
const SLICE = 20_000;

/**
 * `analyseItems` over every response, a slice of whole questions at a time, yielding to the event
 * loop between slices; the result is the same as one call over all of them.
 */
async function analyseInSlices(rows: readonly AttemptItemResponse[]): Promise<ItemAnalysis[]> {
  const scores = attemptScoreShares(rows);
  const byQuestion = new Map<string, ItemResponse[]>();
  for (const r of rows) {
    const response = { ...r, attemptScore: scores.get(r.attemptId) ?? 0 };
    const list = byQuestion.get(r.questionId);
    if (list) list.push(response);
    else byQuestion.set(r.questionId, [response]);
  }
  const items: ItemAnalysis[] = [];
  let slice: ItemResponse[] = [];
  const flush = async () => {
    items.push(...analyseItems(slice));
    slice = [];
    await setImmediate();
  };
  for (const responses of byQuestion.values()) {
    for (const r of responses) slice.push(r);
    if (slice.length >= SLICE) await flush();
  }
  if (slice.length > 0) await flush();
  return items;
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
