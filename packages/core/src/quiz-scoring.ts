import type { BlueprintSpec } from './blueprint.ts';

/**
 * Quiz scoring (issue 4 "Lite quiz", "Mock exam", "Progress"; docs/product.md#quiz): the one home of
 * the passing rule, the weighted rating and the gems a quiz earns. Web and server both call these.
 */

export type QuizKind = 'lite' | 'mock' | 'drill';

/** A lite quiz has 10 items (issue 4 "Lite quiz"). */
export const LITE_QUIZ_SIZE = 10;

/**
 * Gems per correct answer (docs/product.md#progress: gems come from correct answers). A mock item
 * earns twice a lite item: it is answered under time, without feedback, as part of a full sitting.
 */
export const GEMS_PER_CORRECT: Record<QuizKind, number> = { lite: 1, mock: 2, drill: 1 };

/** "Weakest topics" lists only topics with at least this many answers, so one miss is not a verdict. */
export const WEAKEST_TOPICS_MIN_ANSWERED = 5;

/** Gems a finished quiz earns: its correct answers times the kind's rate. */
export function gemsForQuiz(kind: QuizKind, correct: number): number {
  return Math.max(0, Math.floor(correct)) * GEMS_PER_CORRECT[kind];
}

/** A share as a percentage with two decimals; 0 when there is nothing to count. */
export function percentage(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((correct / total) * 10_000) / 100;
}

export type ScoredItem = { partId: string | null; isCorrect: boolean | null };

export type PartResult = {
  partId: string;
  name: string;
  items: number;
  correct: number;
  percentage: number;
  weight: number;
  floor: number;
  /** True when this part is below its floor: the sitting fails whatever the average. */
  belowFloor: boolean;
};

export type MockResult = {
  parts: PartResult[];
  correct: number;
  total: number;
  /** Weighted average of the part percentages, two decimals. */
  weightedRating: number;
  passingAverage: number;
  passed: boolean;
};

/**
 * Rates a mock under the official rule (docs/product.md#quiz): the weighted average of the part
 * percentages must reach `passingAverage` AND every part must reach its floor. An unanswered item
 * counts as wrong. A part with no items in this sitting (the bank was short) is left out and the
 * other parts' weights are renormalised, so a missing part neither helps nor sinks the rating.
 */
export function scoreMock(spec: BlueprintSpec, items: readonly ScoredItem[]): MockResult {
  const parts: PartResult[] = [];
  for (const part of spec.parts) {
    const mine = items.filter((i) => i.partId === part.id);
    if (mine.length === 0) continue;
    const correct = mine.filter((i) => i.isCorrect === true).length;
    const pct = percentage(correct, mine.length);
    parts.push({
      partId: part.id,
      name: part.name,
      items: mine.length,
      correct,
      percentage: pct,
      weight: part.weight,
      floor: part.floor,
      belowFloor: pct < part.floor,
    });
  }
  const weightSum = parts.reduce((sum, p) => sum + p.weight, 0);
  const weightedRating =
    weightSum > 0
      ? Math.round((parts.reduce((sum, p) => sum + p.weight * p.percentage, 0) / weightSum) * 100) /
        100
      : 0;
  const correct = parts.reduce((sum, p) => sum + p.correct, 0);
  const total = parts.reduce((sum, p) => sum + p.items, 0);
  return {
    parts,
    correct,
    total,
    weightedRating,
    passingAverage: spec.passingAverage,
    passed:
      parts.length > 0 &&
      weightedRating >= spec.passingAverage &&
      parts.every((p) => !p.belowFloor),
  };
}

/** A lite quiz's tally: unanswered items count as missed. */
export function scoreLite(items: readonly ScoredItem[]): {
  correct: number;
  total: number;
  percentage: number;
} {
  const correct = items.filter((i) => i.isCorrect === true).length;
  return { correct, total: items.length, percentage: percentage(correct, items.length) };
}

/** Milliseconds left on a server-side clock; never negative. */
export function remainingMs(deadlineAt: Date, now: Date): number {
  return Math.max(0, deadlineAt.getTime() - now.getTime());
}

/** "1:05:09" or "4:03": a countdown as the quiz screen shows it. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The Manila day of the month (1–31) for the mock streak record's `days`. */
export function manilaDayOfMonth(dayKey: string): number {
  return Number(dayKey.slice(8, 10));
}
