import { describe, expect, it } from 'vitest';
import {
  analyseItems,
  attemptScoreShares,
  describeItemFlag,
  type ItemAnalysis,
  type ItemResponse,
  itemAnalysisGroupSize,
  shouldFileItemFlag,
} from './item-analysis.ts';

/**
 * A synthetic class of 30 attempts, a01 best to a30 worst (scores 30/30, 29/30, … 1/30, all
 * distinct). Groups of round(30 × 0.27) = 8: upper a01–a08, lower a23–a30, middle a09–a22.
 * Each question's answers are written as one character per attempt in rank order, split
 * upper | middle | lower; '-' is an item left unanswered.
 */
const ATTEMPTS = 30;
const attemptId = (rank: number) => `a${String(rank).padStart(2, '0')}`;

function responsesOf(
  questionId: string,
  answers: string,
  choiceCount: number,
  answerIndex: number,
): ItemResponse[] {
  const marks = answers.replaceAll('|', '');
  return [...marks].map((mark, i) => ({
    attemptId: attemptId(i + 1),
    attemptScore: (ATTEMPTS - i) / ATTEMPTS,
    questionId,
    choiceIndex: mark === '-' ? null : Number(mark),
    choiceCount,
    answerIndex,
  }));
}

// Figures worked out by hand from the strings (counts in the comments).
const CASES: {
  label: string;
  answers: string;
  choiceCount: number;
  answerIndex: number;
  expected: Omit<ItemAnalysis, 'questionId'>;
}[] = [
  {
    // Upper all right (8), middle 10 right, lower 2 right: 20 of 30; D = (8 − 2) / 8.
    label: 'a sound item',
    answers: '00000000|00000000001122|0011122-',
    choiceCount: 4,
    answerIndex: 0,
    expected: {
      responses: 30,
      correct: 20,
      difficulty: 20 / 30,
      discrimination: 0.75,
      // A: 8 + 10 + 2, B: 2 + 3, C: 2 + 2, D: none; the blank chooses nothing.
      optionShares: [20 / 30, 5 / 30, 4 / 30, 0],
      upperOptionShares: [1, 0, 0, 0],
      lowerOptionShares: [2 / 8, 3 / 8, 2 / 8, 0],
      flag: null,
    },
  },
  {
    // Key B. Upper 4 right, lower 4 right: D = 0. A ties the key in the upper group (4 and 4),
    // which is not "more", so the flag is low discrimination.
    label: 'an item that does not discriminate',
    answers: '11110000|11111110000000|11110002',
    choiceCount: 3,
    answerIndex: 1,
    expected: {
      responses: 30,
      correct: 15,
      difficulty: 0.5,
      discrimination: 0,
      optionShares: [14 / 30, 15 / 30, 1 / 30],
      upperOptionShares: [0.5, 0.5, 0],
      lowerOptionShares: [3 / 8, 4 / 8, 1 / 8],
      flag: 'low-discrimination',
    },
  },
  {
    // Key C. Upper: 5 chose D, 3 the key; lower: 1 the key. D = (3 − 1) / 8 = 0.25 (not low),
    // but D outdraws the key among the strongest: the distractor flag.
    label: 'a distractor that outdraws the key in the upper group',
    answers: '33333222|22222223333333|20000000',
    choiceCount: 4,
    answerIndex: 2,
    expected: {
      responses: 30,
      correct: 11,
      difficulty: 11 / 30,
      discrimination: 0.25,
      optionShares: [7 / 30, 0, 11 / 30, 12 / 30],
      upperOptionShares: [0, 0, 3 / 8, 5 / 8],
      lowerOptionShares: [7 / 8, 0, 1 / 8, 0],
      flag: 'distractor-over-key',
    },
  },
  {
    // Every answer wrong in the upper group and D = −0.25: the distractor flag wins over the low one.
    label: 'both conditions: the distractor flag is the one kept',
    answers: '11111111|00000000000000|00111111',
    choiceCount: 2,
    answerIndex: 0,
    expected: {
      responses: 30,
      correct: 16,
      difficulty: 16 / 30,
      discrimination: -0.25,
      optionShares: [16 / 30, 14 / 30],
      upperOptionShares: [0, 1],
      lowerOptionShares: [0.25, 0.75],
      flag: 'distractor-over-key',
    },
  },
];

describe('analyseItems on a synthetic class of 30 (issue 12 item 6)', () => {
  it.each(CASES)('$label', ({ answers, choiceCount, answerIndex, expected }) => {
    const [item] = analyseItems(responsesOf('q', answers, choiceCount, answerIndex));
    expect(item?.questionId).toBe('q');
    const { discrimination, difficulty, ...exact } = expected;
    expect(item).toMatchObject(exact);
    expect(item?.difficulty).toBeCloseTo(difficulty, 12);
    if (discrimination === null) expect(item?.discrimination).toBeNull();
    else expect(item?.discrimination).toBeCloseTo(discrimination, 12);
  });

  it('analyses several questions from one flat list, in order of first appearance', () => {
    const all = CASES.flatMap((c, i) =>
      responsesOf(`q${i}`, c.answers, c.choiceCount, c.answerIndex),
    );
    const items = analyseItems(all.reverse());
    expect(items.map((i) => i.questionId)).toEqual(['q3', 'q2', 'q1', 'q0']);
    expect(items.map((i) => i.flag)).toEqual([
      'distractor-over-key',
      'distractor-over-key',
      'low-discrimination',
      null,
    ]);
  });
});

describe('below 30 responses', () => {
  // The first 10 of the class; groups of round(2.7) = 3: upper a01–a03, lower a08–a10. The top
  // three all chose the distractor, which would be a flag with 30 responses.
  const ten = responsesOf('q', '111|0000|000', 2, 0);

  it('gives difficulty and option shares, no discrimination and no flag', () => {
    expect(analyseItems(ten)).toEqual([
      {
        questionId: 'q',
        responses: 10,
        correct: 7,
        difficulty: 0.7,
        discrimination: null,
        optionShares: [0.7, 0.3],
        upperOptionShares: [0, 1],
        lowerOptionShares: [1, 0],
        flag: null,
      },
    ]);
  });

  it.each([
    [1, 0],
    [2, 1],
    [10, 3],
    [29, 8],
    [30, 8],
    [37, 10],
    [100, 27],
  ])('%i responses make groups of %i', (n, size) => {
    expect(itemAnalysisGroupSize(n)).toBe(size);
  });

  it('one response: empty groups share nothing', () => {
    const [item] = analyseItems(responsesOf('q', '-', 3, 0));
    expect(item).toMatchObject({
      responses: 1,
      correct: 0,
      difficulty: 0,
      optionShares: [0, 0, 0],
      upperOptionShares: [0, 0, 0],
      lowerOptionShares: [0, 0, 0],
    });
  });
});

describe('the low-discrimination threshold (37 responses: groups of 10)', () => {
  // Upper a01–a10, middle a11–a27 (17), lower a28–a37. Key A, two options.
  const cls = (upperRight: number, lowerRight: number) =>
    responsesOf(
      'q',
      `${'0'.repeat(upperRight)}${'1'.repeat(10 - upperRight)}|${'0'.repeat(17)}|${'0'.repeat(lowerRight)}${'1'.repeat(10 - lowerRight)}`,
      2,
      0,
    ).map((r, i) => ({ ...r, attemptScore: (37 - i) / 37 }));

  it.each<[string, number, number, number, string | null]>([
    ['0.1 exactly is not below 0.1', 6, 5, 0.1, null],
    ['0.2 is fine', 7, 5, 0.2, null],
    ['0.0 is low', 5, 5, 0, 'low-discrimination'],
    ['negative is low', 6, 7, -0.1, 'low-discrimination'],
  ])('%s', (_label, upperRight, lowerRight, discrimination, flag) => {
    const [item] = analyseItems(cls(upperRight, lowerRight));
    expect(item?.discrimination).toBeCloseTo(discrimination, 12);
    expect(item?.flag).toBe(flag);
  });
});

describe('ranking', () => {
  it('breaks equal scores by attempt id, so a re-run gives the same groups', () => {
    // 30 attempts, all scoring 0.5: the upper group is a01–a08 whatever the input order.
    const tied = responsesOf('q', '00000000|11111111111111|11111111', 2, 0).map((r) => ({
      ...r,
      attemptScore: 0.5,
    }));
    const forward = analyseItems(tied);
    const backward = analyseItems([...tied].reverse());
    expect(forward).toEqual(backward);
    expect(forward[0]?.upperOptionShares).toEqual([1, 0]);
    expect(forward[0]?.discrimination).toBe(1);
  });

  it('ranks by the attempt score, not by the order given', () => {
    const ranked = responsesOf('q', CASES[0]?.answers ?? '', 4, 0);
    // Every seventh attempt in turn: a fixed order that has nothing to do with the ranking.
    const shuffled = ranked.map((_, i) => ranked[(i * 7) % ranked.length] as ItemResponse);
    expect(analyseItems(shuffled)).toEqual(analyseItems(ranked));
  });

  it('counts the first response of an attempt once, and a choice that no longer exists as none', () => {
    const base = { attemptScore: 1, questionId: 'q', choiceCount: 2, answerIndex: 0 };
    const [item] = analyseItems([
      { ...base, attemptId: 'x', choiceIndex: 0 },
      { ...base, attemptId: 'x', choiceIndex: 1 },
      { ...base, attemptId: 'y', choiceIndex: 3 },
    ]);
    expect(item).toMatchObject({ responses: 2, correct: 1, optionShares: [0.5, 0] });
  });
});

describe('describeItemFlag', () => {
  it('names the option that outdraws the key', () => {
    expect(
      describeItemFlag({
        flag: 'distractor-over-key',
        responses: 30,
        difficulty: 11 / 30,
        discrimination: 0.25,
        upperOptionShares: [0, 0, 3 / 8, 5 / 8],
        answerIndex: 2,
      }),
    ).toBe(
      'Item analysis on 30 responses (37 % correct): in the top 27 %, option D drew 63 % against 38 % for the key C. Check the key and that option.',
    );
  });

  it('gives the index when discrimination is low', () => {
    expect(
      describeItemFlag({
        flag: 'low-discrimination',
        responses: 30,
        difficulty: 0.5,
        discrimination: 0,
        upperOptionShares: [0.5, 0.5, 0],
        answerIndex: 1,
      }),
    ).toBe(
      'Item analysis on 30 responses (50 % correct): discrimination 0.00, below 0.10: strong and weak students answer it alike. Check that it is clear and fair.',
    );
  });
});

describe('shouldFileItemFlag (idempotent flagging)', () => {
  it.each<[string, Parameters<typeof shouldFileItemFlag>[0], boolean]>([
    [
      'not flagged',
      { flag: null, responses: 90, openFlag: false, responsesAtLastResolution: null },
      false,
    ],
    [
      'first flag',
      {
        flag: 'low-discrimination',
        responses: 30,
        openFlag: false,
        responsesAtLastResolution: null,
      },
      true,
    ],
    [
      'one already open',
      {
        flag: 'low-discrimination',
        responses: 300,
        openFlag: true,
        responsesAtLastResolution: null,
      },
      false,
    ],
    [
      'cleared, same figures',
      { flag: 'low-discrimination', responses: 30, openFlag: false, responsesAtLastResolution: 30 },
      false,
    ],
    [
      'cleared, 29 responses since',
      {
        flag: 'distractor-over-key',
        responses: 59,
        openFlag: false,
        responsesAtLastResolution: 30,
      },
      false,
    ],
    [
      'cleared, 30 responses since',
      {
        flag: 'distractor-over-key',
        responses: 60,
        openFlag: false,
        responsesAtLastResolution: 30,
      },
      true,
    ],
  ])('%s', (_label, input, expected) => {
    expect(shouldFileItemFlag(input)).toBe(expected);
  });
});

describe('attemptScoreShares', () => {
  it('is the share of the attempt’s items right, blanks counted as items', () => {
    const scores = attemptScoreShares([
      { attemptId: 'x', choiceIndex: 0, answerIndex: 0 },
      { attemptId: 'x', choiceIndex: 1, answerIndex: 0 },
      { attemptId: 'x', choiceIndex: null, answerIndex: 2 },
      { attemptId: 'x', choiceIndex: 2, answerIndex: 2 },
      { attemptId: 'y', choiceIndex: null, answerIndex: 0 },
    ]);
    expect(Object.fromEntries(scores)).toEqual({ x: 0.5, y: 0 });
  });
});
