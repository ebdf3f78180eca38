import type { BlueprintSpec } from '../blueprint.ts';
import { manilaDayKey } from '../time.ts';
import { forecastReadiness, type ReadinessForecast, type TrackProfile } from './forecast.ts';
import type { StudentModel } from './model.ts';
import { dailyTarget, daysUntil, desiredRetention, gapPoints, planMockDays } from './plan.ts';
import { nextPlanMock } from './today.ts';

type Rating = { rating: number; low: number; high: number };

/** What quiz home carries of a student's readiness (contract `readinessSchema`). */
export type ReadinessSummary = {
  passingAverage: number;
  parts: {
    partId: string;
    name: string;
    answers: number;
    floor: number;
    weight: number;
    predicted: Rating | null;
    needed: number;
  }[];
  whole: Rating | null;
  passChance: ReadinessForecast['passChance'];
  holdingBack: ReadinessForecast['holdingBack'];
  sureness: ReadinessForecast['sureness'];
  action: { kind: 'answer' | 'mock'; text: string } | null;
  daysLeft: number | null;
  fullMocks: number;
  plan: {
    dailyItems: number;
    dailyMinutes: number;
    mockDays: string[];
    /** The next full mock the plan asks for (`nextPlanMock`): today while one is owed. */
    nextMockDay: string | null;
    retention: number;
  } | null;
};

/**
 * What a student sees of their readiness (issue 23 items 3 and 5; ADR 028): core's forecast, and
 * with an exam date the plan to it — today's target from the days left and the gap, the full
 * mocks' days over the last 12 weeks before the exam (`planMockDays`: fixed by the exam day, so
 * quiz home's Today list can tell when one is owed, ADR 033), and the retention flash cards aim
 * at. Without predictions yet the gap is unknown: the plan asks for the
 * daily minimum, which is also how the model gets its data.
 */
export function readinessSummary(input: {
  model: StudentModel;
  profile: TrackProfile;
  spec: BlueprintSpec;
  now: Date;
  /**
   * The day of the student's sitting to count to (a Manila day key; `sittingExamDay`: today on any
   * of its days), or null without a sitting.
   */
  examDay: string | null;
  /** When the student last finished a full mock of the track (null: never), for the next mock. */
  lastFullMockAt?: Date | null;
}): ReadinessSummary {
  const { model, profile, spec, now, examDay } = input;
  const examDate = examDay ? new Date(`${examDay}T00:00:00+08:00`) : null;
  const forecast = forecastReadiness(model, profile, now, examDate);
  const today = manilaDayKey(now);
  const left = examDay ? daysUntil(today, examDay) : null;
  const items = spec.parts.reduce((n, p) => n + p.items, 0);
  const minutes = spec.parts.reduce((n, p) => n + p.minutes, 0);
  const gap =
    forecast.whole === null
      ? 0
      : gapPoints({
          whole: forecast.whole.rating,
          passingAverage: profile.passingAverage,
          parts: profile.parts.map((part, i) => ({
            rating: forecast.parts[i]?.predicted?.rating ?? 0,
            floor: part.floor,
          })),
        });
  const target =
    left !== null && left > 0
      ? dailyTarget({
          daysLeft: left,
          gapPoints: gap,
          minutesPerItem: minutes / Math.max(1, items),
        })
      : null;
  const mockDays = examDay ? planMockDays(examDay) : [];
  return {
    passingAverage: profile.passingAverage,
    parts: forecast.parts.map((p, i) => ({
      ...p,
      floor: profile.parts[i]?.floor ?? 0,
      weight: profile.parts[i]?.weight ?? 0,
    })),
    whole: forecast.whole,
    passChance: forecast.passChance,
    holdingBack: forecast.holdingBack,
    sureness: forecast.sureness,
    action: forecast.action ? { kind: forecast.action.kind, text: forecast.action.text } : null,
    daysLeft: forecast.daysLeft,
    fullMocks: model.fullMocks,
    plan:
      target && examDay
        ? {
            dailyItems: target.items,
            dailyMinutes: target.minutes,
            mockDays,
            nextMockDay: nextPlanMock(mockDays, now, input.lastFullMockAt ?? null),
            retention: desiredRetention(left),
          }
        : null,
  };
}
