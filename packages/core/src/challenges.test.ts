import { describe, expect, it } from 'vitest';
import {
  CHALLENGES,
  type ChallengeStats,
  challengeRewardKey,
  evaluateChallenges,
  findChallenge,
  isTopicMastered,
  markClaimed,
  nextChallengeStatus,
  sameChallengesState,
  standingStreak,
  toChallengesState,
} from './challenges.ts';
import {
  isUserFeedbackPathOf,
  sendMessageInputSchema,
  userFeedbackPath,
} from './contract/messages.ts';

const none: ChallengeStats = { longestStreak: 0, topics: [] };
const empty = { streak: [], mastery: [] };

describe('challenge catalogue (issue 5 Tasks)', () => {
  it('has unique ids per kind, positive points and targets', () => {
    const keys = CHALLENGES.map((c) => challengeRewardKey(c.kind, c.id));
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of CHALLENGES) {
      expect(c.points).toBeGreaterThan(0);
      expect(c.target).toBeGreaterThan(0);
    }
    expect(CHALLENGES.filter((c) => c.kind === 'streak').map((c) => c.target)).toEqual([
      3, 7, 14, 30,
    ]);
  });

  it('finds by kind and id only', () => {
    expect(findChallenge('streak', 'streak-3')?.points).toBe(20);
    expect(findChallenge('mastery', 'streak-3')).toBeUndefined();
    expect(findChallenge('streak', 'nope')).toBeUndefined();
  });
});

describe('nextChallengeStatus', () => {
  it.each([
    [undefined, false, 'locked'],
    [undefined, true, 'unclaimed'],
    ['locked', false, 'locked'],
    ['locked', true, 'unclaimed'],
    ['unclaimed', false, 'unclaimed'],
    ['unclaimed', true, 'unclaimed'],
    ['claimed', false, 'claimed'],
    ['claimed', true, 'claimed'],
  ] as const)('previous %s, reached %s → %s', (previous, reached, expected) => {
    expect(nextChallengeStatus(previous, reached)).toBe(expected);
  });
});

describe('isTopicMastered: ≥ 80% over ≥ 20 items', () => {
  it.each([
    [20, 16, true],
    [20, 15, false],
    [19, 19, false],
    [100, 80, true],
    [100, 79, false],
    [0, 0, false],
  ])('%i answered, %i correct → %s', (answered, correct, expected) => {
    expect(isTopicMastered({ answered, correct })).toBe(expected);
  });
});

describe('evaluateChallenges', () => {
  const status = (stats: ChallengeStats, stored = empty) => {
    const all = evaluateChallenges(stored, stats);
    return Object.fromEntries(
      [...all.streak, ...all.mastery].map((c) => [c.id, `${c.status} ${c.current}/${c.target}`]),
    );
  };

  it('locks everything with no progress', () => {
    expect(status(none)).toEqual({
      'streak-3': 'locked 0/3',
      'streak-7': 'locked 0/7',
      'streak-14': 'locked 0/14',
      'streak-30': 'locked 0/30',
      'correct-50': 'locked 0/50',
      'correct-200': 'locked 0/200',
      'correct-500': 'locked 0/500',
      'topics-1': 'locked 0/1',
      'topics-3': 'locked 0/3',
    });
  });

  it.each([
    [{ longestStreak: 2, topics: [] }, { 'streak-3': 'locked 2/3' }],
    [
      { longestStreak: 3, topics: [] },
      { 'streak-3': 'unclaimed 3/3', 'streak-7': 'locked 3/7' },
    ],
    [{ longestStreak: 40, topics: [] }, { 'streak-30': 'unclaimed 30/30' }],
    [
      {
        longestStreak: 0,
        topics: [
          { answered: 30, correct: 25 },
          { answered: 40, correct: 30 },
        ],
      },
      {
        'correct-50': 'unclaimed 50/50',
        'correct-200': 'locked 55/200',
        'topics-1': 'unclaimed 1/1',
      },
    ],
    [
      { longestStreak: 0, topics: [{ answered: 19, correct: 19 }] },
      { 'topics-1': 'locked 0/1', 'correct-50': 'locked 19/50' },
    ],
  ])('%o', (stats, expected) => {
    expect(status(stats)).toMatchObject(expected);
  });

  it('keeps claimed items claimed and earned items unclaimed', () => {
    const stored = {
      streak: [
        { id: 'streak-3', title: 'x', points: 20, status: 'claimed' as const },
        { id: 'streak-7', title: 'x', points: 50, status: 'unclaimed' as const },
        { id: 'retired', title: 'x', points: 1, status: 'unclaimed' as const },
      ],
      mastery: [],
    };
    const result = evaluateChallenges(stored, { longestStreak: 1, topics: [] });
    expect(result.streak.map((c) => `${c.id}:${c.status}`)).toEqual([
      'streak-3:claimed',
      'streak-7:unclaimed',
      'streak-14:locked',
      'streak-30:locked',
    ]);
  });

  it('round-trips through the stored form and marks one item claimed', () => {
    const state = toChallengesState(evaluateChallenges(empty, { longestStreak: 7, topics: [] }));
    expect(state.streak[0]).toEqual({
      id: 'streak-3',
      title: '3-day streak',
      points: 20,
      status: 'unclaimed',
    });
    const claimed = markClaimed(state, 'streak', 'streak-3');
    expect(claimed.streak.map((i) => i.status)).toEqual([
      'claimed',
      'unclaimed',
      'locked',
      'locked',
    ]);
    expect(sameChallengesState(state, state)).toBe(true);
    expect(sameChallengesState(state, claimed)).toBe(false);
    expect(evaluateChallenges(claimed, { longestStreak: 7, topics: [] }).streak[0]?.status).toBe(
      'claimed',
    );
  });
});

describe('standingStreak (Manila days)', () => {
  it.each([
    [5, null, '2026-11-22', 0],
    [5, '2026-11-22', '2026-11-22', 5],
    [5, '2026-11-21', '2026-11-22', 5],
    [5, '2026-11-20', '2026-11-22', 0],
    [3, '2026-12-31', '2027-01-01', 3],
  ])('current %i, last %s, today %s → %i', (current, lastDay, today, expected) => {
    expect(standingStreak({ current, lastDay, today })).toBe(expected);
  });
});

describe('send-us-a-message input (docs/product.md#entities, #validation)', () => {
  it.each([
    [{ messageType: 'feedbacks', message: 'Hi' }, 'Hi'],
    [{ messageType: 'issues', message: '  <b>Bold</b> <script>x</script> ' }, 'Bold x'],
    [{ messageType: 'suggestions', message: `<p>${'a'.repeat(500)}</p>` }, 'a'.repeat(500)],
  ])('accepts %o', (input, message) => {
    const parsed = sendMessageInputSchema.parse(input);
    expect(parsed.message).toBe(message);
    expect(parsed.attachment).toBeNull();
  });

  it.each([
    [{ messageType: 'bugs', message: 'Hi' }],
    [{ messageType: 'feedbacks', message: '' }],
    [{ messageType: 'feedbacks', message: '<br/>' }],
    [{ messageType: 'feedbacks', message: 'a'.repeat(501) }],
    [{ messageType: 'feedbacks', message: 42 }],
  ])('refuses %o', (input) => {
    expect(sendMessageInputSchema.safeParse(input).success).toBe(false);
  });

  it('names images images/userFeedbacks/{userId}_{timestamp}_{filename}', () => {
    const path = userFeedbackPath('u1', 1700000000000, 'my photo.png', 'image/png');
    expect(path).toBe('images/userFeedbacks/u1_1700000000000_my_photo.png');
    expect(isUserFeedbackPathOf(path, 'u1')).toBe(true);
    expect(isUserFeedbackPathOf(path, 'u2')).toBe(false);
    expect(isUserFeedbackPathOf('images/paymentScreenshots/1_a.png', 'u1')).toBe(false);
    expect(isUserFeedbackPathOf('images/userFeedbacks/u1_1_../x', 'u1')).toBe(false);
  });
});
