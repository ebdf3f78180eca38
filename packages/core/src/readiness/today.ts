import { manilaDayKey } from '../time.ts';

/**
 * The "Today" list on quiz home (issue 23 item 5; docs/product.md#today; ADR 033): what the plan
 * asks of the student's current Manila day, each row done or not from what the server recorded
 * that day.
 *
 * - **Items**: the plan's daily target (as first computed that day: the server keeps it, so the
 *   day's answers do not move it), met by items answered today — the answers the progress
 *   recorder counted today (finished lite sets including For-you, mocks, drills, offline quizzes
 *   when they reach the server). Every one of them came from a finished activity, which counts
 *   the day for the streak in the same transaction, so a met target is a counted streak day.
 * - **Cards**: the flash cards due now; done when none is due (reviewed, or none was).
 * - **Mock**: shown when the plan's latest mock day up to today (core `planMockDays`) has no full
 *   mock finished on or after it; done when one was finished today.
 *
 * The list is complete when every row is done. Its items row is met only by answers the progress
 * recorder counted today, and an activity whose answers count also counts the day for the streak
 * (server `recordActivity`), so a complete list is always a streak day.
 */
export type TodayList = {
  /** The Manila day the list is for ('YYYY-MM-DD'): a kept list from another day is stale. */
  day: string;
  items: { answered: number; target: number; done: boolean };
  cards: { due: number; reviewed: number; done: boolean };
  /** Null when the plan asks for no mock today. */
  mock: { planDay: string; done: boolean } | null;
  complete: boolean;
};

export type TodayFacts = {
  now: Date;
  /** The plan's daily items and full-mock days (`readinessSummary`'s plan); null: no plan. */
  plan: { dailyItems: number; mockDays: readonly string[] } | null;
  /** Items answered on `now`'s Manila day, as the server counted them. */
  answeredToday: number;
  /** The student's cards of the track due at `now`. */
  cardsDue: number;
  /** Distinct cards of the track the student rated on `now`'s Manila day. */
  cardsReviewedToday: number;
  /** When the student last finished a full mock of the track, or null. */
  lastFullMockAt: Date | null;
};

/** The Today list for a student with a plan; null without one (no exam date, or exam day). */
export function todayList(facts: TodayFacts): TodayList | null {
  const { plan, now } = facts;
  if (!plan || plan.dailyItems <= 0) return null;
  const day = manilaDayKey(now);
  const answered = Math.max(0, Math.floor(facts.answeredToday));
  const items = { answered, target: plan.dailyItems, done: answered >= plan.dailyItems };
  const due = Math.max(0, Math.floor(facts.cardsDue));
  const cards = {
    due,
    reviewed: Math.max(0, Math.floor(facts.cardsReviewedToday)),
    done: due === 0,
  };
  const mock = mockRow(plan.mockDays, day, facts.lastFullMockAt);
  return {
    day,
    items,
    cards,
    mock,
    complete: items.done && cards.done && (mock?.done ?? true),
  };
}

/**
 * The plan's next full mock as of `now` (the readiness card's and page's "Next full mock"): today
 * while one is owed (`mockRow`), else the first plan day after today — a plan day already met,
 * today's included, is skipped. Null when no plan day is left.
 */
export function nextPlanMock(
  mockDays: readonly string[],
  now: Date,
  lastFullMockAt: Date | null,
): string | null {
  const today = manilaDayKey(now);
  const row = mockRow(mockDays, today, lastFullMockAt);
  if (row && !row.done) return today;
  return mockDays.find((d) => d > today) ?? null;
}

/**
 * The plan's mock that is owed today, if any: the latest plan day on or before today; owed when
 * the last full mock was finished before that day, done when the last one was finished today.
 * A mock finished after the plan day and before today settled it, so no row shows.
 */
function mockRow(
  mockDays: readonly string[],
  today: string,
  lastFullMockAt: Date | null,
): TodayList['mock'] {
  const planDay = mockDays.filter((d) => d <= today).at(-1);
  if (!planDay) return null;
  const lastDay = lastFullMockAt ? manilaDayKey(lastFullMockAt) : null;
  if (lastDay === null || lastDay < planDay) return { planDay, done: false };
  return lastDay === today ? { planDay, done: true } : null;
}
