import { standingStreak } from './challenges.ts';
import { dayKeyNumber, dayKeyOfNumber } from './time.ts';

/**
 * Streak freeze (issue 23 item 5; docs/product.md#streak-freeze; ADR 030): bought with gems, at
 * most `STREAK_FREEZE.maxHeld` held, used by itself on a missed Manila day; a day it covers keeps
 * the streak alive without adding to it.
 *
 * The streak is stored as its run and the last Manila day of activity (`streak.ts`); freezes are
 * settled lazily, when the streak is next read or written, by `settleStreak`.
 */
export const STREAK_FREEZE = {
  /**
   * Gems per freeze (ours, ADR 030): about six 10-item lite quizzes (a correct lite answer pays 1
   * gem, a mock's 2), a few days of steady practice.
   */
  price: 50,
  maxHeld: 2,
} as const;

export const STREAK_FREEZE_MESSAGES = {
  tooFewGems: `A streak freeze costs ${STREAK_FREEZE.price} gems: keep practising to earn more.`,
  full: `You already hold ${STREAK_FREEZE.maxHeld} streak freezes, the most you can keep.`,
} as const;

export type StreakState = {
  current: number;
  /** The last Manila day of activity, or the last day a freeze covered. */
  lastDay: string | null;
  freezes: number;
};

export type SettledStreak = StreakState & {
  /**
   * The missed days a freeze kept the streak over in this settlement, oldest first: none when the
   * freezes ran out first (they are spent, and the streak is lost, so none of them kept it).
   */
  frozenDays: string[];
};

/**
 * The streak on `today` once the freezes held have covered the missed Manila days: the days
 * strictly between the last day and today, one freeze each, oldest first. When every missed day
 * is covered, the streak stands unchanged with its last day moved to yesterday (so activity today
 * extends it by one); when they run out, the streak is lost (current 0) and the freezes used are
 * gone. Nothing is used without a streak to keep, nor for today, which is not over yet.
 */
export function settleStreak(state: StreakState, today: string): SettledStreak {
  const unchanged = { ...state, frozenDays: [] };
  if (state.lastDay === null || state.current <= 0) return unchanged;
  const last = dayKeyNumber(state.lastDay);
  const missed = dayKeyNumber(today) - last - 1;
  if (missed <= 0) return unchanged;
  const used = Math.min(missed, Math.max(0, state.freezes));
  const frozenDays = Array.from({ length: used }, (_, i) => dayKeyOfNumber(last + 1 + i));
  const freezes = state.freezes - used;
  if (used < missed) {
    return { current: 0, lastDay: frozenDays.at(-1) ?? state.lastDay, freezes, frozenDays: [] };
  }
  return { current: state.current, lastDay: dayKeyOfNumber(last + missed), freezes, frozenDays };
}

/**
 * The streak as it stands on `today` (docs/product.md#streaks), what a student is shown whether or
 * not anything counted today: the freezes held cover the missed days first (`settleStreak`), then
 * a run whose last day is before yesterday is broken (`standingStreak`).
 */
export function streakOn(state: StreakState, today: string): number {
  const settled = settleStreak(state, today);
  return standingStreak({ current: settled.current, lastDay: settled.lastDay, today });
}

export type FreezePurchase =
  | { ok: true; freezes: number; spent: number }
  | { ok: false; message: (typeof STREAK_FREEZE_MESSAGES)[keyof typeof STREAK_FREEZE_MESSAGES] };

/** Whether one more freeze may be bought with `gemsToSpend`, holding `held`; and what it costs. */
export function buyStreakFreeze(input: { gemsToSpend: number; held: number }): FreezePurchase {
  if (input.held >= STREAK_FREEZE.maxHeld)
    return { ok: false, message: STREAK_FREEZE_MESSAGES.full };
  if (input.gemsToSpend < STREAK_FREEZE.price) {
    return { ok: false, message: STREAK_FREEZE_MESSAGES.tooFewGems };
  }
  return { ok: true, freezes: input.held + 1, spent: STREAK_FREEZE.price };
}

/**
 * The gems a student may spend: every gem earned (what the level counts, and never goes down)
 * less what freezes have cost.
 */
export function spendableGems(gemsEarned: number, gemsSpent: number): number {
  return Math.max(0, gemsEarned - gemsSpent);
}
