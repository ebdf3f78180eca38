/**
 * Item analysis for staff (issue 12 item 6): per question, from finished attempts, the classical
 * figures — difficulty (share correct), discrimination (upper–lower 27 % index) and the share
 * choosing each option — and the flag that sends an item to the reported-items queue. The one home
 * of these figures: the server's scheduled job computes them here and stores them; the console
 * only shows what was stored.
 *
 * Which attempts count is the caller's choice, made once in the server's job: submitted mocks and
 * lite quizzes (drills are a speed run, not a test of the item). An item left unanswered in a
 * submitted attempt is a response: it counts as wrong and chooses no option, so option shares need
 * not add up to 1.
 */

/** Below this many responses discrimination is noise: it is not computed and nothing is flagged. */
export const ITEM_ANALYSIS_MIN_RESPONSES = 30;
/** Kelley's 27 %: the upper and lower groups are this share of the responses each. */
export const ITEM_ANALYSIS_GROUP_SHARE = 0.27;
/** An item whose upper–lower index is below this hardly separates strong students from weak. */
export const LOW_DISCRIMINATION_BELOW = 0.1;

/** Why an item is flagged: a distractor outdraws the key in the upper group, or it discriminates too little. */
export type ItemFlag = 'distractor-over-key' | 'low-discrimination';
export const ITEM_FLAGS = ['distractor-over-key', 'low-discrimination'] as const;

/** One question as one attempt answered it (or left it). */
export interface ItemResponse {
  attemptId: string;
  /** The whole attempt's score as a share, 0–1: what ranks attempts into the 27 % groups. */
  attemptScore: number;
  questionId: string;
  /** The option chosen, or null when the item was left unanswered. */
  choiceIndex: number | null;
  /** The question's number of options and its key, as they are now. */
  choiceCount: number;
  answerIndex: number;
}

export interface ItemAnalysis {
  questionId: string;
  responses: number;
  correct: number;
  /** Share correct, 0–1. */
  difficulty: number;
  /** Upper-group share correct minus lower-group share correct, −1–1; null below the minimum. */
  discrimination: number | null;
  /** Index-aligned with the question's options: the share of responses choosing each. */
  optionShares: number[];
  upperOptionShares: number[];
  lowerOptionShares: number[];
  flag: ItemFlag | null;
}

/** Attempts in each 27 % group for `responses` responses (an empty group below 2 responses). */
export function itemAnalysisGroupSize(responses: number): number {
  return Math.round(responses * ITEM_ANALYSIS_GROUP_SHARE);
}

const shares = (counts: readonly number[], total: number) =>
  counts.map((n) => (total === 0 ? 0 : n / total));

function optionCounts(group: readonly ItemResponse[], choiceCount: number): number[] {
  const counts = Array.from({ length: choiceCount }, () => 0);
  for (const r of group) {
    // A choice outside today's options (the item was edited to fewer) chose nothing that exists.
    if (r.choiceIndex !== null && r.choiceIndex >= 0 && r.choiceIndex < choiceCount) {
      counts[r.choiceIndex] = (counts[r.choiceIndex] ?? 0) + 1;
    }
  }
  return counts;
}

const isCorrect = (r: ItemResponse) => r.choiceIndex === r.answerIndex;

/**
 * Attempts ranked best first; equal scores in attempt-id order, so a re-run over the same data
 * puts the same attempts in each group and yields the same figures.
 */
function rankBestFirst(responses: readonly ItemResponse[]): ItemResponse[] {
  return [...responses].sort(
    (a, b) =>
      b.attemptScore - a.attemptScore ||
      (a.attemptId < b.attemptId ? -1 : a.attemptId > b.attemptId ? 1 : 0),
  );
}

/**
 * What the figures of one question are worked out from: counts only, so a caller that tallies in
 * the database (the server's job, ADR 017) and {@link analyseItems} share one computation.
 * Option counts are index-aligned with the question's options; a choice outside them counts in no
 * option. The upper and lower groups are the {@link itemAnalysisGroupSize} best and worst ranked
 * attempts (empty at size 0).
 */
export interface ItemTally {
  questionId: string;
  choiceCount: number;
  answerIndex: number;
  responses: number;
  correct: number;
  groupSize: number;
  upperCorrect: number;
  lowerCorrect: number;
  optionCounts: number[];
  upperOptionCounts: number[];
  lowerOptionCounts: number[];
}

function tallyOne(responses: readonly ItemResponse[]): ItemTally {
  const first = responses[0] as ItemResponse;
  const { choiceCount, answerIndex } = first;
  const n = responses.length;
  const ranked = rankBestFirst(responses);
  const size = itemAnalysisGroupSize(n);
  const upper = ranked.slice(0, size);
  const lower = size === 0 ? [] : ranked.slice(-size);
  return {
    questionId: first.questionId,
    choiceCount,
    answerIndex,
    responses: n,
    correct: responses.filter(isCorrect).length,
    groupSize: size,
    upperCorrect: upper.filter(isCorrect).length,
    lowerCorrect: lower.filter(isCorrect).length,
    optionCounts: optionCounts(responses, choiceCount),
    upperOptionCounts: optionCounts(upper, choiceCount),
    lowerOptionCounts: optionCounts(lower, choiceCount),
  };
}

/** The figures and flag of one question from its tally. */
export function analyseItemTally(tally: ItemTally): ItemAnalysis {
  const { answerIndex, responses: n, groupSize: size, upperOptionCounts: upperCounts } = tally;
  const enough = n >= ITEM_ANALYSIS_MIN_RESPONSES;
  const discrimination = enough ? (tally.upperCorrect - tally.lowerCorrect) / size : null;
  let flag: ItemFlag | null = null;
  if (enough) {
    const keyCount = upperCounts[answerIndex] ?? 0;
    // A distractor outdrawing the key among the strongest students usually means a wrong or
    // ambiguous key, the more urgent finding, so it is the flag when both hold.
    if (upperCounts.some((count, i) => i !== answerIndex && count > keyCount)) {
      flag = 'distractor-over-key';
    } else if (discrimination !== null && discrimination < LOW_DISCRIMINATION_BELOW) {
      flag = 'low-discrimination';
    }
  }
  return {
    questionId: tally.questionId,
    responses: n,
    correct: tally.correct,
    difficulty: tally.correct / n,
    discrimination,
    optionShares: shares(tally.optionCounts, n),
    upperOptionShares: shares(upperCounts, size),
    lowerOptionShares: shares(tally.lowerOptionCounts, size),
    flag,
  };
}

/**
 * The figures of every question that has at least one response, in the order questions first
 * appear. A second response of the same attempt to the same question is ignored (the first
 * counts). The key and option count are read from the question's first response.
 */
export function analyseItems(responses: readonly ItemResponse[]): ItemAnalysis[] {
  // Question → attempt → response: the first response of an attempt wins.
  const byQuestion = new Map<string, Map<string, ItemResponse>>();
  for (const r of responses) {
    let attempts = byQuestion.get(r.questionId);
    if (!attempts) {
      attempts = new Map();
      byQuestion.set(r.questionId, attempts);
    }
    if (!attempts.has(r.attemptId)) attempts.set(r.attemptId, r);
  }
  return [...byQuestion.values()].map((attempts) =>
    analyseItemTally(tallyOne([...attempts.values()])),
  );
}

const letter = (index: number) => String.fromCharCode(65 + index);
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The reason filed with an analysis flag in the reported-items queue (≤ 500 characters). */
export function describeItemFlag(
  item: Pick<
    ItemAnalysis,
    'flag' | 'responses' | 'discrimination' | 'upperOptionShares' | 'difficulty'
  > & { answerIndex: number },
): string {
  const base = `Item analysis on ${item.responses} responses (${percent(item.difficulty)} correct)`;
  if (item.flag === 'distractor-over-key') {
    const keyShare = item.upperOptionShares[item.answerIndex] ?? 0;
    const strongest = item.upperOptionShares.reduce(
      (best, share, i) =>
        i !== item.answerIndex && share > (item.upperOptionShares[best] ?? -1) ? i : best,
      item.answerIndex === 0 ? 1 : 0,
    );
    return `${base}: in the top 27 %, option ${letter(strongest)} drew ${percent(item.upperOptionShares[strongest] ?? 0)} against ${percent(keyShare)} for the key ${letter(item.answerIndex)}. Check the key and that option.`;
  }
  if (item.flag === 'low-discrimination') {
    return `${base}: discrimination ${(item.discrimination ?? 0).toFixed(2)}, below ${LOW_DISCRIMINATION_BELOW.toFixed(2)}: strong and weak students answer it alike. Check that it is clear and fair.`;
  }
  return base;
}

/**
 * Whether the job files a new analysis flag for an item (issue 12: idempotent). Never while one is
 * open (a re-run files nothing new). Once staff resolved the last one, the item has to earn its flag
 * again on fresh evidence: at least {@link ITEM_ANALYSIS_MIN_RESPONSES} responses more than it had
 * when that flag was resolved — a cleared item is not re-flagged on the figures staff already saw.
 */
export function shouldFileItemFlag(input: {
  flag: ItemFlag | null;
  responses: number;
  openFlag: boolean;
  /** Responses the item had when its last analysis flag was resolved; null if never flagged. */
  responsesAtLastResolution: number | null;
}): boolean {
  if (input.flag === null || input.openFlag) return false;
  if (input.responsesAtLastResolution === null) return true;
  return input.responses - input.responsesAtLastResolution >= ITEM_ANALYSIS_MIN_RESPONSES;
}

/**
 * Each attempt's score as a share, the ranking behind the 27 % groups: items it got right under
 * the current keys over the items it held (unanswered ones included). Per attempt id.
 */
export function attemptScoreShares(
  responses: readonly Pick<ItemResponse, 'attemptId' | 'choiceIndex' | 'answerIndex'>[],
): Map<string, number> {
  const tally = new Map<string, { right: number; items: number }>();
  for (const r of responses) {
    const t = tally.get(r.attemptId) ?? { right: 0, items: 0 };
    t.items += 1;
    if (r.choiceIndex === r.answerIndex) t.right += 1;
    tally.set(r.attemptId, t);
  }
  return new Map([...tally].map(([id, t]) => [id, t.right / t.items]));
}
