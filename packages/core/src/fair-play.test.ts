import { describe, expect, it } from 'vitest';
import {
  capClaim,
  capDailyAward,
  capTopicTallies,
  FAIR_PLAY,
  type FairPlayDay,
  fairPlayFlags,
  offlineAttemptProblem,
  overlaps,
} from './fair-play.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 2, minutes));
const span = (from: number, to: number) => ({ start: at(from), end: at(to) });

describe('overlaps', () => {
  it.each([
    [span(0, 10), span(5, 15), true],
    [span(5, 15), span(0, 10), true],
    [span(0, 10), span(2, 3), true],
    [span(0, 10), span(10, 20), false],
    [span(10, 20), span(0, 10), false],
    [span(0, 10), span(11, 20), false],
  ])('%o and %o: %s', (a, b, result) => {
    expect(overlaps(a, b)).toBe(result);
  });
});

describe('offlineAttemptProblem (issue 21 finding 3)', () => {
  const quiz = (seconds: number, answered = 10) => ({
    startedAt: at(30),
    finishedAt: new Date(at(30).getTime() + seconds * 1000),
    answered,
  });
  it('refuses a quiz answered faster than a person reads', () => {
    expect(offlineAttemptProblem(quiz(10 * FAIR_PLAY.minSecondsPerOfflineItem - 1), [])).toBe(
      'tooFast',
    );
    expect(offlineAttemptProblem(quiz(10 * FAIR_PLAY.minSecondsPerOfflineItem), [])).toBe(null);
  });
  it('refuses a quiz taken while another of the student’s quizzes was under way', () => {
    expect(offlineAttemptProblem(quiz(120), [span(0, 29), span(31, 40)])).toBe('overlaps');
    expect(offlineAttemptProblem(quiz(120), [span(0, 30), span(32, 40)])).toBe(null);
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
