import { describe, expect, it } from 'vitest';
import {
  type BankItem,
  type BlueprintPart,
  type BlueprintSpec,
  type BlueprintStrand,
  fillStrands,
  majorOptions,
  mockReadiness,
  pickLiteItems,
  planMock,
  scaledMinutes,
  seededShuffle,
  strandQuotas,
} from './blueprint.ts';

/** The items as the history has them: each shown at `at`. */
const shownAt = (ids: readonly string[], at: number) => new Map(ids.map((id) => [id, at]));

const spec: BlueprintSpec = {
  passingAverage: 75,
  sittings: 1,
  parts: [
    {
      id: 'gen',
      name: 'General Education',
      subjectIds: ['eng', 'math'],
      items: 4,
      minutes: 40,
      weight: 0.4,
      floor: 50,
    },
    {
      id: 'prof',
      name: 'Professional Education',
      subjectIds: ['prof', 'math'],
      items: 6,
      minutes: 60,
      weight: 0.6,
      floor: 50,
    },
  ],
};

const bank = (subject: string, n: number, held: number[] = []): BankItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${subject}-${i}`,
    subjectId: subject,
    held: held.includes(i),
  }));

describe('planMock (issue 4 "Mock exam": blueprint sampling)', () => {
  const full = [...bank('eng', 3), ...bank('math', 3), ...bank('prof', 10)];

  it('takes each part its item count, from its subjects, with the blueprint minutes', () => {
    const plan = planMock(spec, full, 'seed-1');
    expect(plan.parts.map((p) => [p.partId, p.questionIds.length, p.minutes])).toEqual([
      ['gen', 4, 40],
      ['prof', 6, 60],
    ]);
    const gen = plan.parts[0]?.questionIds ?? [];
    expect(gen.every((id) => id.startsWith('eng') || id.startsWith('math'))).toBe(true);
    expect(plan.totalItems).toBe(10);
    expect(plan.totalMinutes).toBe(100);
  });

  it('never repeats an item when parts share a subject', () => {
    const plan = planMock(spec, full, 'seed-2');
    const ids = plan.items.map((i) => i.questionId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is deterministic for a seed and independent of row order', () => {
    const a = planMock(spec, full, 'same');
    const b = planMock(spec, [...full].reverse(), 'same');
    expect(b.items).toEqual(a.items);
    expect(planMock(spec, full, 'other').items).not.toEqual(a.items);
  });

  it('excludes held items', () => {
    const withHeld = [...bank('eng', 3, [0, 1, 2]), ...bank('math', 3, [0]), ...bank('prof', 10)];
    const plan = planMock(spec, withHeld, 'seed-3');
    const ids = plan.items.map((i) => i.questionId);
    expect(ids).not.toContain('eng-0');
    expect(ids).not.toContain('math-0');
    expect(ids.filter((id) => id.startsWith('eng'))).toEqual([]);
  });

  it('a short part takes all it has and its minutes scale; an empty part is left out', () => {
    const short = [...bank('eng', 2), ...bank('prof', 3)];
    const plan = planMock(spec, short, 'seed-4');
    expect(plan.parts.map((p) => [p.partId, p.questionIds.length, p.minutes])).toEqual([
      ['gen', 2, 20],
      ['prof', 3, 30],
    ]);
    const none = planMock(spec, bank('prof', 6), 'seed-5');
    expect(none.parts[0]).toMatchObject({ partId: 'gen', questionIds: [], minutes: 0 });
    expect(none.totalMinutes).toBe(60);
  });
});

describe('scaledMinutes', () => {
  it.each([
    [60, 6, 6, 60],
    [60, 10, 6, 60],
    [60, 3, 6, 30],
    [190, 1, 170, 1],
    [190, 17, 170, 19],
    [60, 0, 6, 0],
  ])('%i min, %i of %i items → %i', (minutes, taken, requested, expected) => {
    expect(scaledMinutes(minutes, taken, requested)).toBe(expected);
  });
});

describe('pickLiteItems and seededShuffle', () => {
  const ids = Array.from({ length: 30 }, (_, i) => `q${i}`);
  it('picks count distinct ids, all of them when fewer, deterministically', () => {
    const picked = pickLiteItems(ids, 10, 's');
    expect(picked).toHaveLength(10);
    expect(new Set(picked).size).toBe(10);
    expect(pickLiteItems([...ids].reverse(), 10, 's')).toEqual(picked);
    expect(pickLiteItems(['a', 'b', 'a'], 10, 's').sort()).toEqual(['a', 'b']);
  });
  it('a shuffle is a permutation and leaves its input alone', () => {
    const input = [1, 2, 3, 4, 5, 6];
    const out = seededShuffle(input, 'x');
    expect([...out].sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('planMock draws for a student (issue 12)', () => {
  const topicBank = (subject: string, topic: string, n: number): BankItem[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `${topic}-${String(i).padStart(3, '0')}`,
      subjectId: subject,
      topicId: topic,
      held: false,
    }));
  const one: BlueprintSpec = {
    passingAverage: 80,
    sittings: 1,
    parts: [
      { id: 'v', name: 'Verbal', subjectIds: ['v'], items: 20, minutes: 20, weight: 1, floor: 0 },
    ],
  };
  // 30 items (1.5 × 20): topic a holds 18 (60 %), topic b 12 (40 %).
  const pool = [...topicBank('v', 'a', 18), ...topicBank('v', 'b', 12)];
  const topicOf = (id: string) => id.split('-')[0];

  it('with every item seen, consecutive mocks still share at most half: the least recently shown come first', () => {
    // Each mock's items are shown at its turn; the history grows as the server's would.
    let seen = new Map<string, number>();
    let previous: string[] = [];
    for (let turn = 1; turn <= 8; turn += 1) {
      const ids = planMock(one, pool, `mock-${turn}`, { seen }).items.map((i) => i.questionId);
      expect(ids).toHaveLength(20);
      expect(ids.filter((id) => previous.includes(id)).length).toBeLessThanOrEqual(10);
      seen = new Map([...seen, ...shownAt(ids, turn)]);
      previous = ids;
    }
    expect(seen.size).toBe(pool.length);
  });

  it("keeps each topic's share of the part", () => {
    for (const seed of ['s1', 's2', 's3']) {
      const ids = planMock(one, pool, seed).items.map((i) => i.questionId);
      expect(ids.filter((id) => topicOf(id) === 'a')).toHaveLength(12);
      expect(ids.filter((id) => topicOf(id) === 'b')).toHaveLength(8);
    }
  });

  it('takes unseen items first, so two consecutive mocks share at most half their items', () => {
    const first = planMock(one, pool, 'first').items.map((i) => i.questionId);
    const second = planMock(one, pool, 'second', { seen: shownAt(first, 1) }).items.map(
      (i) => i.questionId,
    );
    const shared = second.filter((id) => first.includes(id));
    expect(shared.length).toBeLessThanOrEqual(10);
    // Every unseen item was taken before any seen one.
    const unseen = pool.map((q) => q.id).filter((id) => !first.includes(id));
    expect(unseen.every((id) => second.includes(id))).toBe(true);
    // Without the history, the same seed repeats far more.
    const blind = planMock(one, pool, 'second').items.map((i) => i.questionId);
    expect(blind.filter((id) => first.includes(id)).length).toBeGreaterThan(shared.length);
  });

  it('keeps to the topics a part names', () => {
    const official: BlueprintSpec = {
      ...one,
      parts: [{ ...(one.parts[0] as BlueprintPart), items: 10, topicIds: ['b'] }],
    };
    const ids = planMock(official, pool, 'x').items.map((i) => i.questionId);
    expect(ids).toHaveLength(10);
    expect(ids.every((id) => topicOf(id) === 'b')).toBe(true);
  });

  const sec: BlueprintSpec = {
    passingAverage: 75,
    sittings: 2,
    parts: [
      {
        id: 'gen',
        name: 'GenEd',
        subjectIds: ['gen'],
        items: 4,
        minutes: 8,
        weight: 0.5,
        floor: 0,
      },
      {
        id: 'spec',
        name: 'Specialization',
        subjectIds: ['eng', 'math'],
        items: 4,
        minutes: 8,
        weight: 0.5,
        floor: 0,
        major: true,
      },
    ],
  };
  const secBank = [
    ...topicBank('gen', 'g', 6),
    ...topicBank('eng', 'e', 6),
    ...topicBank('math', 'm', 5),
  ];

  it("draws a major part from the student's major only", () => {
    const plan = planMock(sec, secBank, 'm', { major: 'math' });
    expect(plan.parts[1]?.questionIds.every((id) => topicOf(id) === 'm')).toBe(true);
    expect(plan.parts[1]?.questionIds).toHaveLength(4);
    const none = planMock(sec, secBank, 'm', { major: null });
    expect(none.parts[1]).toMatchObject({ questionIds: [], minutes: 0 });
    expect(majorOptions(sec)).toEqual(['eng', 'math']);
    expect(majorOptions(one)).toEqual([]);
  });

  it('mockReadiness asks 1.5 × each part of active items, for every major', () => {
    const r = mockReadiness(sec, secBank);
    expect(r.parts.map((p) => [p.partId, p.required, p.pools, p.ready, p.fills])).toEqual([
      ['gen', 6, [{ major: null, available: 6 }], true, true],
      [
        'spec',
        6,
        [
          { major: 'eng', available: 6 },
          { major: 'math', available: 5 },
        ],
        false,
        true,
      ],
    ]);
    expect(r.ready).toBe(false);
    // Short of the margin but not of one mock: still usable by students who hold it.
    expect(r.fills).toBe(true);
    expect(mockReadiness(sec, [...secBank, ...topicBank('math', 'm2', 1)]).ready).toBe(true);
    // A held item does not count.
    const held = secBank.map((q) => (q.id === 'g-000' ? { ...q, held: true } : q));
    expect(mockReadiness(sec, [...held, ...topicBank('math', 'm2', 1)]).ready).toBe(false);
    expect(mockReadiness(one, []).ready).toBe(false);
    expect(mockReadiness(one, []).fills).toBe(false);
  });

  it('mockReadiness fills only while every part, for every major, has its items', () => {
    const spec4 = sec.parts.find((p) => p.id === 'spec')?.items ?? 0;
    const mathOnly = secBank.filter((q) => q.subjectId !== 'math');
    const math = secBank.filter((q) => q.subjectId === 'math').slice(0, spec4 - 1);
    const r = mockReadiness(sec, [...mathOnly, ...math]);
    expect(r.parts.find((p) => p.partId === 'spec')?.fills).toBe(false);
    expect(r.fills).toBe(false);
    expect(r.ready).toBe(false);
  });
});

describe('strands: the official shares of a part (issue 24 item 3)', () => {
  const items = (topic: string, n: number, subject = 'gen'): BankItem[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `${topic}-${String(i).padStart(3, '0')}`,
      subjectId: subject,
      topicId: topic,
      held: false,
    }));
  const topicOf = (id: string) => id.split('-')[0] ?? '';
  const strand = (id: string, share: number, topicIds: string[]): BlueprintStrand => ({
    id,
    name: id,
    share,
    topicIds,
  });
  // LET General Education's six strands (10/10/10/10/30/30) over a part of 150.
  const gened = [
    strand('english', 0.1, ['english']),
    strand('filipino', 0.1, ['filipino']),
    strand('scitech', 0.1, ['science', 'sts']),
    strand('math', 0.1, ['math']),
    strand('civic', 0.3, ['socsci', 'self', 'ethics']),
    strand('practical', 0.3, ['infolit', 'arts']),
  ];
  const spec150 = (strands: BlueprintStrand[], extra: Partial<BlueprintPart> = {}) =>
    ({
      passingAverage: 75,
      sittings: 1,
      parts: [
        {
          id: 'gen',
          name: 'General Education',
          subjectIds: ['gen'],
          items: 150,
          minutes: 150,
          weight: 1,
          floor: 0,
          strands,
          ...extra,
        },
      ],
    }) satisfies BlueprintSpec;
  // Topic sizes unlike the shares: a topic-proportional draw would give civic 48 and practical 30.
  const bank = [
    ...items('english', 40),
    ...items('filipino', 40),
    ...items('science', 40),
    ...items('sts', 20),
    ...items('math', 40),
    ...items('socsci', 40),
    ...items('self', 15),
    ...items('ethics', 15),
    ...items('infolit', 40),
    ...items('arts', 30),
    ...items('outside', 30),
  ];
  const countBy = (ids: string[], strands: BlueprintStrand[]) =>
    strands.map((s) => ids.filter((id) => s.topicIds.includes(topicOf(id))).length);

  it.each([
    // shares, items, quotas: whole items adding up, remainders to the larger share, then the earlier
    [[0.1, 0.1, 0.1, 0.1, 0.3, 0.3], 150, [15, 15, 15, 15, 45, 45]],
    [[0.15, 0.3, 0.2, 0.15, 0.2], 150, [23, 45, 30, 22, 30]],
    [[0.5, 0.5], 3, [2, 1]],
    [[0.2, 0.3, 0.5], 7, [1, 2, 4]],
  ])('strandQuotas(%j, %i) is %j', (shares, n, quotas) => {
    const strands = shares.map((share, i) => strand(`s${i}`, share, [`t${i}`]));
    expect(strandQuotas(strands, n)).toEqual(quotas);
  });

  it.each([
    // available per strand, items → taken: a short strand gives all it has, the others make it up
    // in proportion to their shares; the part stays full while the bank can fill it
    ['all strands full', [40, 40, 60, 40, 70, 70], [15, 15, 15, 15, 45, 45]],
    // 5 missing, shared 1 : 1 : 1 : 3 : 3 → 0.56 ×3, 1.67 ×2 → 1, 2, 2 by largest remainder
    ['english short by 5', [10, 40, 60, 40, 70, 70], [10, 16, 15, 15, 47, 47]],
    // 25 missing, shared 1 : 1 : 1 : 1 : 3 → 3.57 ×4, 10.71
    ['civic short by 25', [40, 40, 60, 40, 20, 70], [19, 19, 18, 18, 20, 56]],
    // english's 15 go 2 / 2 / 1 / 5 / 5, but filipino holds one more only: a second round gives
    // that one to the largest remainder left (civic)
    ['two rounds', [0, 16, 60, 40, 70, 70], [0, 16, 17, 16, 51, 50]],
    ['the bank cannot fill the part', [5, 5, 5, 5, 5, 5], [5, 5, 5, 5, 5, 5]],
    ['a strand with nothing', [0, 40, 60, 40, 70, 70], [0, 17, 17, 16, 50, 50]],
  ])('fillStrands: %s', (_, available, taken) => {
    const result = fillStrands(gened, available, 150);
    expect(result).toEqual(taken);
    expect(result.reduce((a, b) => a + b, 0)).toBe(
      Math.min(
        150,
        available.reduce((a, b) => a + b, 0),
      ),
    );
    result.forEach((n, i) => {
      expect(n).toBeLessThanOrEqual(available[i] ?? 0);
    });
  });

  it('planMock fills each strand to its share, not to its topics’ share of the pool', () => {
    for (const seed of ['a', 'b', 'c']) {
      const plan = planMock(spec150(gened), bank, seed);
      const ids = plan.parts[0]?.questionIds ?? [];
      expect(ids).toHaveLength(150);
      expect(new Set(ids).size).toBe(150);
      expect(countBy(ids, gened)).toEqual([15, 15, 15, 15, 45, 45]);
      // A topic outside every strand is outside the official coverage: never drawn.
      expect(ids.some((id) => topicOf(id) === 'outside')).toBe(false);
      expect(plan.parts[0]?.strands).toEqual(
        gened.map((s, i) => ({
          strandId: s.id,
          name: s.name,
          requested: [15, 15, 15, 15, 45, 45][i],
          taken: [15, 15, 15, 15, 45, 45][i],
        })),
      );
    }
    // Without strands the same bank is drawn by topic size (the behaviour strands replace).
    const plain = planMock(spec150(gened, { strands: undefined }), bank, 'a');
    expect(countBy(plain.parts[0]?.questionIds ?? [], gened)).not.toEqual([15, 15, 15, 15, 45, 45]);
  });

  it('keeps a strand’s topic mix and takes unseen items first within it', () => {
    const first = planMock(spec150(gened), bank, 'one').parts[0]?.questionIds ?? [];
    // Science 40 and STS 20 share the science-and-technology strand's 15 as 10 and 5.
    expect(first.filter((id) => topicOf(id) === 'science')).toHaveLength(10);
    expect(first.filter((id) => topicOf(id) === 'sts')).toHaveLength(5);
    const second =
      planMock(spec150(gened), bank, 'two', { seen: shownAt(first, 1) }).parts[0]?.questionIds ??
      [];
    // English holds 40: the second mock's 15 are all new.
    const english = (ids: string[]) => ids.filter((id) => topicOf(id) === 'english');
    expect(english(second).some((id) => english(first).includes(id))).toBe(false);
  });

  it('a short strand: the others make up its shortfall, and mockReadiness says so', () => {
    const short = bank.filter((q) => q.topicId !== 'english' || q.id < 'english-010');
    const plan = planMock(spec150(gened), short, 'x');
    const ids = plan.parts[0]?.questionIds ?? [];
    expect(ids).toHaveLength(150);
    expect(plan.parts[0]?.minutes).toBe(150);
    expect(countBy(ids, gened)).toEqual([10, 16, 15, 15, 47, 47]);
    expect(plan.parts[0]?.strands?.[0]).toMatchObject({ requested: 15, taken: 10 });

    const readiness = mockReadiness(spec150(gened), short);
    const part = readiness.parts[0];
    // The part still fills 1.5 × its items: it stays offered, and the strand shows the gap.
    expect(part?.ready).toBe(true);
    expect(part?.strands?.[0]).toEqual({
      strandId: 'english',
      name: 'english',
      items: 15,
      required: 23,
      pools: [{ major: null, available: 10 }],
      ready: false,
      fills: false,
    });
    expect(part?.strands?.slice(1).every((s) => s.ready && s.fills)).toBe(true);
    // Held items are not in a strand's pool either.
    const held = bank.map((q) => (q.topicId === 'ethics' ? { ...q, held: true } : q));
    expect(mockReadiness(spec150(gened), held).parts[0]?.strands?.[4]?.pools).toEqual([
      { major: null, available: 55 },
    ]);
  });

  it('the pool of a part with strands is its strands’ topics (and its topicIds)', () => {
    const readiness = mockReadiness(spec150(gened), bank);
    expect(readiness.parts[0]?.pools).toEqual([{ major: null, available: 320 }]);
    const named = spec150([strand('a', 0.5, ['english']), strand('b', 0.5, ['math', 'arts'])], {
      topicIds: ['english', 'math'],
    });
    expect(mockReadiness(named, bank).parts[0]?.pools).toEqual([{ major: null, available: 80 }]);
  });
});
