import { describe, expect, it } from 'vitest';
import {
  capClaim,
  capDailyAward,
  capTopicTallies,
  FAIR_PLAY,
  type FairPlayDay,
  fairPlayFlags,
  offlineAttemptProblem,
} from './fair-play.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 2, minutes));
const span = (from: number, to: number) => ({ start: at(from), end: at(to) });

describe('offlineAttemptProblem (issue 21 finding 3)', () => {
  const seconds = (s: number) => new Date(at(30).getTime() + s * 1000);
  /** A quiz from minute 30, `length` seconds long, its answers at `answered` seconds in. */
  const quiz = (length: number, answered: number[]) => ({
    startedAt: at(30),
    finishedAt: seconds(length),
    answeredAt: answered.map(seconds),
  });
  const evenly = (count: number, gap: number) =>
    Array.from({ length: count }, (_, n) => (n + 1) * gap);
  const min = FAIR_PLAY.minSecondsPerOfflineItem;

  it('refuses a quiz answered faster than a person reads', () => {
    expect(offlineAttemptProblem(quiz(10 * min - 1, evenly(10, 3)), [])).toBe('tooFast');
    expect(offlineAttemptProblem(quiz(10 * min, evenly(10, 3)), [])).toBe(null);
  });

  it('refuses an answer given while another of the student’s quizzes was under way', () => {
    const answers = evenly(10, 10);
    expect(offlineAttemptProblem(quiz(120, answers), [span(0, 29), span(31, 40)])).toBe('overlaps');
    expect(offlineAttemptProblem(quiz(120, answers), [span(0, 30), span(32, 40)])).toBe(null);
    // An answer at the very moment another quiz ends or begins is not during it.
    const edge = { start: seconds(-60), end: seconds(10) };
    expect(offlineAttemptProblem(quiz(120, answers), [edge])).toBe(null);
  });

  it('lets a quiz left open across another count when nothing was answered during it', () => {
    // Three answers at 07:30, a mock from 08:00 to 11:00, the rest at 16:50 (docs/offline.md).
    const morning = [20, 40, 60];
    const evening = evenly(7, 60).map((s) => 9 * 3600 + 20 * 60 + s);
    const mock = { start: at(60), end: at(240) };
    expect(offlineAttemptProblem(quiz(9.5 * 3600, [...morning, ...evening]), [mock])).toBe(null);
  });

  it('counts only the time no other quiz took: a long span around another buys no time', () => {
    // "Begun" at minute 30 as another quiz began, which ran to minute 40; ten answers in the 10 s
    // after it.
    const packed = Array.from({ length: 10 }, (_, n) => 600 + n + 1);
    expect(offlineAttemptProblem(quiz(611, packed), [span(30, 40)])).toBe('tooFast');
    // With a person's time left over (60 s before the other and 11 s after), it counts.
    const spread = [10, 20, 30, 40, 50, 601, 603, 605, 607, 609];
    expect(offlineAttemptProblem(quiz(611, spread), [span(31, 40)])).toBe(null);
    // Other quizzes that overlap each other take their time once.
    expect(offlineAttemptProblem(quiz(611, spread), [span(31, 38), span(35, 40)])).toBe(null);
  });
});

describe('capDailyAward', () => {
  const none = { gems: 0, drillPoints: 0, answers: 0 };
  it('awards in full under the caps', () => {
    expect(capDailyAward(none, { gems: 10, drillPoints: 5, answers: 10 })).toEqual({
      gems: 10,
      drillPoints: 5,
      answers: 10,
    });
  });
  it('awards only what is left of each cap, never less than nothing', () => {
    const used = {
      gems: FAIR_PLAY.dailyGems - 4,
      drillPoints: FAIR_PLAY.dailyDrillPoints,
      answers: 0,
    };
    expect(capDailyAward(used, { gems: 10, drillPoints: 5, answers: 900 })).toEqual({
      gems: 4,
      drillPoints: 0,
      answers: FAIR_PLAY.dailyCountedAnswers,
    });
    const over = { gems: FAIR_PLAY.dailyGems + 50, drillPoints: 0, answers: 0 };
    expect(capDailyAward(over, { gems: 10, drillPoints: 0, answers: 0 }).gems).toBe(0);
  });
});

describe('capClaim', () => {
  it('pays drill points only up to what the day has left, as gems and points alike', () => {
    expect(capClaim(0, { source: 'drill', gems: 14_000 })).toEqual({
      gems: FAIR_PLAY.dailyGems,
      points: FAIR_PLAY.dailyGems,
    });
    expect(capClaim(FAIR_PLAY.dailyGems - 30, { source: 'drill', gems: 35 })).toEqual({
      gems: 30,
      points: 30,
    });
    expect(capClaim(FAIR_PLAY.dailyGems + 5, { source: 'drill', gems: 35 })).toEqual({
      gems: 0,
      points: 0,
    });
  });
  it('pays a challenge reward its gems in full, its points up to what the day has left', () => {
    expect(capClaim(0, { source: 'challenge', gems: 250 })).toEqual({ gems: 250, points: 250 });
    expect(capClaim(FAIR_PLAY.dailyGems - 100, { source: 'challenge', gems: 250 })).toEqual({
      gems: 250,
      points: 100,
    });
    expect(capClaim(FAIR_PLAY.dailyGems, { source: 'challenge', gems: 250 })).toEqual({
      gems: 250,
      points: 0,
    });
  });
});

describe('capTopicTallies', () => {
  const topics = [
    { topicId: 'a', answered: 6, correct: 6, seconds: 60 },
    { topicId: 'b', answered: 4, correct: 2, seconds: 40 },
  ];
  it('keeps everything within the allowance', () => {
    expect(capTopicTallies(topics, 10)).toEqual(topics);
  });
  it('cuts the later topics first, a cut topic keeping its share', () => {
    expect(capTopicTallies(topics, 8)).toEqual([
      topics[0],
      { topicId: 'b', answered: 2, correct: 1, seconds: 20 },
    ]);
    expect(capTopicTallies(topics, 0).map((t) => t.answered)).toEqual([0, 0]);
  });
});

describe('fairPlayFlags', () => {
  const day = (over: Partial<FairPlayDay>): FairPlayDay => ({
    answers: 100,
    correct: 70,
    seconds: 100 * 30,
    capped: false,
    ...over,
  });
  it('leaves an ordinary day alone', () => {
    expect(fairPlayFlags(day({}))).toEqual([]);
  });
  it('flags a fast pace only over enough items', () => {
    expect(fairPlayFlags(day({ seconds: 100 * 5 }))).toEqual(['fastPace']);
    expect(fairPlayFlags(day({ answers: 40, seconds: 40 }))).toEqual([]);
  });
  it('flags near-perfect accuracy only over a long day', () => {
    expect(fairPlayFlags(day({ answers: 200, correct: 196, seconds: 200 * 30 }))).toEqual([
      'nearPerfect',
    ]);
    expect(fairPlayFlags(day({ answers: 100, correct: 100 }))).toEqual([]);
  });
  it('flags a day that reached a cap', () => {
    expect(fairPlayFlags(day({ capped: true }))).toEqual(['dailyCap']);
  });
});
