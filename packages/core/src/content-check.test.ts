import { describe, expect, it } from 'vitest';
import type { BlueprintSpec } from './blueprint.ts';
import {
  type CheckBank,
  type CheckQuestion,
  checkContent,
  checkQuestion,
  contentWords,
  findDuplicateStems,
  findSameTestedPoint,
  isFilipino,
  normaliseText,
} from './content-check.ts';

const question = (id: string, overrides: Partial<CheckQuestion> = {}): CheckQuestion => ({
  id,
  topicId: 't.a',
  stem: `Question ${id}: which one is right?`,
  choices: ['Alpha', 'Beta', 'Gamma', 'Delta'],
  answerIndex: 0,
  rationale: 'Because.',
  distractorNotes: [null, 'Not beta.', 'Not gamma.', 'Not delta.'],
  difficulty: 3,
  ...overrides,
});

/** Key at choice i % 4, its notes to match: a pool no letter or length gives away. */
const keyedAt = (i: number): Partial<CheckQuestion> => ({
  answerIndex: i % 4,
  distractorNotes: ['Not alpha.', 'Not beta.', 'Not gamma.', 'Not delta.'].map((note, c) =>
    c === i % 4 ? null : note,
  ),
});

describe('normaliseText', () => {
  it('ignores case, punctuation and spacing; keeps digits and symbols', () => {
    expect(normaliseText('  What is  3/4 + 2/3? ')).toBe('what is 3 4 + 2 3');
    expect(normaliseText('What is 3/4 − 2/3?')).not.toBe(normaliseText('What is 3/4 + 2/3?'));
    expect(normaliseText('Simplify 2³ × 2⁴.')).toBe('simplify 2³ × 2⁴');
    expect(normaliseText('Piliin ang KASINGKAHULUGAN!')).toBe('piliin ang kasingkahulugan');
  });
});

describe('checkQuestion', () => {
  it('passes a sound item', () => {
    expect(checkQuestion(question('q1'))).toEqual([]);
  });

  it('refuses a key outside the choices, duplicate choices, no rationale, a missing note', () => {
    expect(
      checkQuestion(
        question('q1', {
          answerIndex: 4,
          choices: ['Alpha', 'beta ', 'Beta.', 'Delta'],
          rationale: ' ',
          distractorNotes: ['Not alpha.', null, 'Not beta.', ''],
        }),
      ).map((p) => p.message),
    ).toEqual([
      'The key (4) is not one of the 4 choices.',
      'Choices B and C are the same.',
      'No rationale.',
      'No distractor note for choice B (why it is wrong).',
      'No distractor note for choice D (why it is wrong).',
    ]);
    expect(checkQuestion(question('q2', { distractorNotes: undefined }))).toHaveLength(3);
  });

  it('refuses one note pasted under several wrong choices', () => {
    expect(
      checkQuestion(
        question('q1', {
          distractorNotes: [
            null,
            'The law sets three.',
            'The law sets three.',
            'Seven is too many.',
          ],
        }),
      ),
    ).toEqual([
      {
        id: 'q1',
        message: 'Choices B and C have the same distractor note; say why each one is wrong.',
      },
    ]);
  });

  it('tells choices apart by their symbols', () => {
    expect(checkQuestion(question('q1', { choices: ['x + 1', 'x − 1', '−x + 1', 'x'] }))).toEqual(
      [],
    );
  });
});

describe('findDuplicateStems', () => {
  it('refuses the same stem, whatever its case, spacing and punctuation', () => {
    expect(
      findDuplicateStems([
        question('a', { stem: 'What is 3/4 + 2/3?' }),
        question('b', { stem: 'what is 3/4 + 2/3 ' }),
        question('c', { stem: 'What is 3/4 + 1/3?' }),
      ]),
    ).toEqual([{ id: 'b', message: 'Same stem as a.' }]);
  });

  // The audit's pair (issue 12): the same question reworded, with the same options.
  const filler = Array.from({ length: 30 }, (_, i) =>
    question(`f${i}`, {
      stem: `How many ${['pupils', 'books', 'chairs'][i % 3]} are in room ${i} of the school?`,
      choices: [`${i}`, `${i + 1}`, `${i + 2}`, `${i + 3}`],
    }),
  );
  it('refuses a reworded stem with the same options', () => {
    const found = findDuplicateStems([
      question('cse', {
        stem: 'The ratio of boys to girls in a class of 40 is 3 : 5. How many girls are there?',
        choices: ['15', '25', '24', '8'],
      }),
      question('let', {
        stem: 'The ratio of boys to girls in a class of 40 pupils is 3 : 5. How many girls are in the class?',
        choices: ['25', '15', '24', '8'],
      }),
      ...filler,
    ]);
    expect(found.map((p) => p.id)).toEqual(['let']);
    expect(found[0]?.message).toMatch(
      /^Near-duplicate of cse \(stem similarity 0\.\d\d, choices 1\.00\)\.$/,
    );
  });

  it('lets items share a passage when they ask different things with different options', () => {
    const passage =
      'Read the passage. "Every summer the barangay loses water for hours each day, so the council built a tank that fills at night and serves the hall, the school and the health centre during the day." ';
    expect(
      findDuplicateStems([
        question('r1', {
          stem: `${passage}What is the main idea?`,
          choices: [
            'A tank solves the shortage',
            'Summers are hot',
            'The hall is new',
            'Water is free',
          ],
        }),
        question('r2', {
          stem: `${passage}Which place does the tank serve?`,
          choices: ['The health centre', 'The market', 'The church', 'The plaza'],
        }),
        ...filler,
      ]),
    ).toEqual([]);
  });
});

describe('isFilipino', () => {
  it('reads the language from function words', () => {
    expect(
      isFilipino('Piliin ang salitang KASINGKAHULUGAN ng salitang nakasulat sa malalaking titik.'),
    ).toBe(true);
    expect(isFilipino('Sino ang kinikilalang "Ama ng Wikang Pambansa"?')).toBe(true);
    expect(isFilipino('Choose the word closest in meaning to PERFUNCTORY.')).toBe(false);
    // An honorific opening an English stem is not Filipino.
    expect(
      isFilipino(
        'Aling Rosa deposits ₱20,000 at 6% simple interest per year. How much is the interest?',
      ),
    ).toBe(false);
  });
});

describe('checkContent', () => {
  const spec = (
    items: number,
    extra: Partial<BlueprintSpec['parts'][number]> = {},
  ): BlueprintSpec => ({
    passingAverage: 75,
    sittings: 1,
    parts: [
      {
        id: 'm.verbal',
        name: 'Verbal',
        subjectIds: ['cse-pro.verbal'],
        items,
        minutes: 10,
        weight: 1,
        floor: 0,
        ...extra,
      },
    ],
  });
  const bank = (questions: CheckQuestion[], blueprints: CheckBank['blueprints']): CheckBank => ({
    reviewer: 'cse-pro',
    subjects: [{ id: 'cse-pro.verbal', name: 'Verbal' }],
    topics: [
      { id: 'v.en', subjectId: 'cse-pro.verbal', name: 'English' },
      { id: 'v.extra', subjectId: 'cse-pro.verbal', name: 'Practice' },
    ],
    questions,
    flashCards: [],
    notes: [],
    blueprints,
  });
  const items = (n: number, overrides: (i: number) => Partial<CheckQuestion>) =>
    Array.from({ length: n }, (_, i) =>
      question(`v${i}`, {
        topicId: 'v.en',
        stem: `Word number ${i} means what?`,
        ...keyedAt(i),
        ...overrides(i),
      }),
    );

  it('uses the mock pool (1.5 ×) and refuses a short part, too few hard or Filipino items', () => {
    const questions = items(8, (i) => ({
      difficulty: i === 0 ? 3 : 1,
      stem: i < 1 ? `Piliin ang salitang ${i} sa pangungusap.` : `Word number ${i} means what?`,
    }));
    const report = checkContent([bank(questions, [{ id: 'm', name: 'Mock', spec: spec(6) }])]);
    expect(report.parts).toEqual([
      expect.objectContaining({
        partId: 'm.verbal',
        items: 6,
        required: 9,
        available: 8,
        difficulty: [7, 0, 1],
        filipino: 1,
      }),
    ]);
    expect(report.problems).toEqual([
      { id: 'm.verbal', message: '8 active items; a mock of 6 needs 9 (1.5 ×).' },
      { id: 'm.verbal', message: '1 of 8 items at difficulty 3; needs at least a quarter (2).' },
      { id: 'm.verbal', message: '1 of 8 items in Filipino; needs at least a fifth (2).' },
    ]);
  });

  it("counts only a part's topics, and lists the others as practice only", () => {
    const questions = [
      ...items(4, (i) => ({
        stem: i < 1 ? `Piliin ang salitang ${i} sa pangungusap.` : `Word number ${i} means what?`,
      })),
      question('x1', { topicId: 'v.extra', stem: 'A practice item?' }),
    ];
    const report = checkContent([
      bank(questions, [{ id: 'm', name: 'Mock', spec: spec(2, { topicIds: ['v.en'] }) }]),
    ]);
    expect(report.problems).toEqual([]);
    expect(report.parts[0]?.available).toBe(4);
    expect(report.topics).toEqual([
      expect.objectContaining({ topicId: 'v.en', questions: 4, partId: 'm.verbal' }),
      expect.objectContaining({ topicId: 'v.extra', questions: 1, partId: null }),
    ]);
  });

  it('refuses a part a test-wise student could score on without reading (issue 24)', () => {
    const questions = items(12, () => ({ answerIndex: 0, choices: ['Alpha', 'B', 'G', 'D'] }))
      .map((q) => ({ ...q, distractorNotes: [null, 'Not b.', 'Not g.', 'Not d.'] }))
      .map((q, i) => (i < 3 ? { ...q, difficulty: 3 } : q))
      .map((q, i) => (i < 3 ? { ...q, stem: `Piliin ang salitang ${i} sa pangungusap.` } : q));
    const report = checkContent([bank(questions, [{ id: 'm', name: 'Mock', spec: spec(6) }])]);
    expect(report.parts[0]?.cues).toMatchObject({ longestKey: 1, alwaysLetter: [1, 0, 0, 0] });
    expect(report.problems.map((p) => p.message)).toEqual([
      'The key is the longest choice in 100 % of items; at most 35 %.',
      'The key is clearly the longest (over 1.2 × the next) in 100 % of items; at most 10 %.',
      '"Always pick the longest" scores 100 %; it must stay under 35 %.',
      '"Always pick A" scores 100 %; it must stay under 35 %.',
    ]);
    expect(
      checkContent([bank(questions, [{ id: 'm', name: 'Mock', spec: spec(6) }])], {
        cues: 'report',
      }).problems,
    ).toEqual([]);
  });

  it('does not refuse a reviewer without a blueprint: it is not offered, and says so', () => {
    const report = checkContent([
      bank(
        items(1, () => ({})),
        [],
      ),
    ]);
    expect(report.problems).toEqual([]);
    expect(report.notices).toEqual([
      'cse-pro: no blueprint, so no mock: the track is not offered.',
    ]);
  });

  it('holds LET Professional Education (and parts sharing its subject) to half situational', () => {
    const let_: CheckBank = {
      reviewer: 'let-elem',
      subjects: [{ id: 'let-elem.profed', name: 'ProfEd' }],
      topics: [{ id: 'p.t', subjectId: 'let-elem.profed', name: 'Teaching' }],
      questions: Array.from({ length: 4 }, (_, i) =>
        question(`p${i}`, {
          topicId: 'p.t',
          stem: `Case ${i}: what should the teacher do?`,
          situational: i === 0,
          ...keyedAt(i),
        }),
      ),
      flashCards: [],
      notes: [],
      blueprints: [
        {
          id: 'let',
          name: 'LET',
          spec: {
            passingAverage: 75,
            sittings: 1,
            parts: [
              {
                id: 'let.profed',
                name: 'ProfEd',
                subjectIds: ['let-elem.profed'],
                items: 2,
                minutes: 5,
                weight: 1,
                floor: 50,
              },
            ],
          },
        },
      ],
    };
    expect(checkContent([let_]).problems).toEqual([
      { id: 'let.profed', message: '1 of 4 items situational; needs at least half (2).' },
    ]);
  });
});

describe('findSameTestedPoint (issue 24 item 2)', () => {
  // Two of the audit's pairs, as they stood before the rewrites (commit 2065372).
  const rubricShort = question('gen.q010', {
    topicId: 'gen.t',
    stem: 'A teacher scores an essay using separate ratings for content, organization, and grammar. She is using:',
    choices: ['an analytic rubric', 'a holistic rubric', 'a checklist', 'an anecdotal record'],
    answerIndex: 0,
  });
  const rubricCase = question('maj.q011', {
    topicId: 'maj.t',
    stem: 'For a performance task in which students design a monthly family budget using linear equations, Teacher Aileen wants to give separate scores for mathematical accuracy, use of equations, realism of the budget and clarity of the presentation. Which scoring tool fits this purpose?',
    choices: ['A holistic rubric', 'A checklist', 'An analytic rubric', 'An anecdotal record'],
    answerIndex: 2,
  });
  const bullyingLaw = question('gen.q228', {
    topicId: 'gen.t2',
    stem: 'Which law requires elementary and secondary schools to adopt policies to prevent and address bullying, including cyberbullying?',
    choices: [
      'Republic Act No. 10175, the Cybercrime Prevention Act of 2012',
      'Republic Act No. 10173, the Data Privacy Act of 2012',
      'Republic Act No. 8293, the Intellectual Property Code',
      'Republic Act No. 10627, the Anti-Bullying Act of 2013',
    ],
    answerIndex: 3,
  });
  const bullyingLaw2 = question('prof.q010', {
    topicId: 'prof.t',
    stem: 'Which law requires all elementary and secondary schools to adopt policies to prevent and address bullying?',
    choices: [
      'RA 7610 (Special Protection of Children Act)',
      'RA 11313 (Safe Spaces Act of 2019)',
      'RA 10627 (Anti-Bullying Act of 2013)',
      'RA 9262 (Anti-Violence Against Women and Their Children Act)',
    ],
    answerIndex: 2,
  });
  // Shares the key and a word or two, not the point: a hexagon's angle and a triangle's.
  const hexagon = question('gen.q209', {
    topicId: 'gen.t',
    stem: 'What is the measure of each interior angle of a regular hexagon?',
    choices: ['60°', '720°', '120°', '108°'],
    answerIndex: 2,
  });
  const triangle = question('maj.q035', {
    topicId: 'maj.t',
    stem: 'A triangle has sides of 7 cm, 8 cm and 13 cm. What is the measure of its largest angle?',
    choices: ['120°', '60°', '90°', '150°'],
    answerIndex: 0,
  });
  const blueprint = (subjectIds: string[], major = false) => ({
    id: 'track.mock',
    name: 'Mock',
    spec: {
      passingAverage: 75,
      sittings: 1,
      parts: [
        {
          id: 'track.mock.all',
          name: 'All',
          subjectIds,
          items: 1,
          minutes: 1,
          weight: 1,
          floor: 0,
          ...(major ? { major } : {}),
        },
      ],
    },
  });
  const track = (
    questions: CheckQuestion[],
    blueprints: CheckBank['blueprints'],
    subjectOf: Record<string, string> = {
      'gen.t': 'gen',
      'gen.t2': 'gen',
      'prof.t': 'prof',
      'maj.t': 'maj',
      'maj2.t': 'maj2',
    },
  ): CheckBank => ({
    reviewer: 'track',
    subjects: [],
    topics: Object.entries(subjectOf).map(([id, subjectId]) => ({ id, subjectId, name: id })),
    questions,
    flashCards: [],
    notes: [],
    blueprints,
  });
  const found = (banks: CheckBank[], allowed: Parameters<typeof findSameTestedPoint>[1] = []) =>
    findSameTestedPoint(banks, allowed).map((p) => p.id);

  it('reads content words: no frame words, no numbers, plurals folded', () => {
    expect([...contentWords('Which of the rubrics is correct for 3 pupils?')]).toEqual([
      'rubric',
      'pupil',
    ]);
  });

  it.each([
    [
      'the same key in other words, in one track',
      [rubricShort, rubricCase],
      ['gen', 'maj'],
      ['maj.q011'],
    ],
    [
      'keys sharing most of their words (RA 10627)',
      [bullyingLaw, bullyingLaw2],
      ['gen', 'prof'],
      ['prof.q010'],
    ],
    ['the same key, few words in common', [hexagon, triangle], ['gen', 'maj'], []],
    ['subjects no one mock draws together', [rubricShort, rubricCase], ['gen'], []],
  ])('%s', (_, questions, subjects, ids) => {
    expect(found([track(questions, [blueprint(subjects)])])).toEqual(ids);
  });

  it('leaves pairs within one subject to the stem check, and alternatives of a major apart', () => {
    const sameSubject = { ...rubricCase, topicId: 'gen.t2' };
    expect(found([track([rubricShort, sameSubject], [blueprint(['gen'])])])).toEqual([]);
    const otherMajor = { ...rubricShort, topicId: 'maj2.t' };
    // A student takes one major: English and Mathematics items never meet.
    expect(found([track([otherMajor, rubricCase], [blueprint(['maj', 'maj2'], true)])])).toEqual(
      [],
    );
  });

  it('reports a pair once however many tracks draw both, and not at all when allowed', () => {
    const banks = [
      track([rubricShort, rubricCase], [blueprint(['gen', 'maj'])]),
      track([], [{ ...blueprint(['gen', 'maj']), id: 'other.mock' }]),
    ];
    const problems = findSameTestedPoint(banks);
    expect(problems).toEqual([
      {
        id: 'maj.q011',
        message:
          "Tests the same point as gen.q010 (the same key, 67 % of the content words shared), both in track.mock's mock: rewrite one to test another point.",
      },
    ]);
    expect(
      found(banks, [{ ids: ['maj.q011', 'gen.q010'], reason: 'one passage, two questions' }]),
    ).toEqual([]);
  });
});

describe('checkContent: strands and the allow-list (issue 24)', () => {
  const topicItems = (topic: string, n: number, hard = n) =>
    Array.from({ length: n }, (_, i) =>
      question(`${topic}.q${i}`, {
        topicId: topic,
        stem: `Item ${i} of ${topic}: which one?`,
        difficulty: i < hard ? 3 : 1,
        ...keyedAt(i),
      }),
    );
  const bank = (questions: CheckQuestion[]): CheckBank => ({
    reviewer: 'let-elem',
    subjects: [{ id: 'g', name: 'GenEd' }],
    topics: ['g.eng', 'g.fil', 'g.arts', 'g.extra'].map((id) => ({ id, subjectId: 'g', name: id })),
    questions,
    flashCards: [],
    notes: [],
    blueprints: [
      {
        id: 'let',
        name: 'LET',
        spec: {
          passingAverage: 75,
          sittings: 1,
          parts: [
            {
              id: 'let.gen',
              name: 'GenEd',
              subjectIds: ['g'],
              items: 10,
              minutes: 10,
              weight: 1,
              floor: 0,
              strands: [
                { id: 'eng', name: 'English', share: 0.2, topicIds: ['g.eng'] },
                { id: 'fil', name: 'Filipino', share: 0.3, topicIds: ['g.fil', 'g.gone'] },
                { id: 'psd', name: 'Practical', share: 0.5, topicIds: ['g.arts'] },
              ],
            },
          ],
        },
      },
    ],
  });

  it('holds each strand to 1.5 × its share, reports its fill, and keeps other topics out', () => {
    const report = checkContent([
      bank([
        ...topicItems('g.eng', 3),
        ...topicItems('g.fil', 5),
        ...topicItems('g.arts', 8),
        ...topicItems('g.extra', 9),
      ]),
    ]);
    expect(report.parts[0]?.available).toBe(16);
    expect(report.parts[0]?.strands).toEqual([
      { strandId: 'eng', name: 'English', share: 0.2, items: 2, required: 3, available: 3 },
      { strandId: 'fil', name: 'Filipino', share: 0.3, items: 3, required: 5, available: 5 },
      { strandId: 'psd', name: 'Practical', share: 0.5, items: 5, required: 8, available: 8 },
    ]);
    expect(report.problems).toEqual([
      { id: 'let.gen', message: 'Strand Filipino names topic g.gone, which no bank holds.' },
    ]);
    expect(report.topics.find((t) => t.topicId === 'g.extra')?.partId).toBeNull();
    expect(report.topics.find((t) => t.topicId === 'g.arts')?.partId).toBe('let.gen');

    const short = checkContent([
      bank([...topicItems('g.eng', 2), ...topicItems('g.fil', 5), ...topicItems('g.arts', 9)]),
    ]);
    expect(short.problems).toContainEqual({
      id: 'let.gen',
      message: 'Strand English: 2 active items; its 2 of the mock need 3 (1.5 ×).',
    });
  });

  it('refuses the same point twice unless allowed, and names an allowed item that is gone', () => {
    const original = question('orig', {
      topicId: 'g.eng',
      stem: 'Which law protects learners from bullying in schools?',
      choices: ['Anti-Bullying Act', 'Data Privacy Act', 'Cybercrime Act', 'Safe Spaces Act'],
    });
    const questions = [
      original,
      ...topicItems('g.eng', 2),
      ...topicItems('g.fil', 5),
      ...topicItems('g.arts', 8),
    ];
    // The same item reworded under another subject the track draws: the same key, most words.
    const twin = question('twin', {
      topicId: 'p.t',
      stem: 'Under which law must schools protect their learners from bullying?',
      choices: ['Safe Spaces Act', 'Anti-Bullying Act', 'Data Privacy Act', 'Cybercrime Act'],
      answerIndex: 1,
      distractorNotes: ['No.', null, 'Not it.', 'Not this.'],
    });
    const banks = [
      bank(questions),
      {
        ...bank([twin]),
        subjects: [{ id: 'p', name: 'ProfEd' }],
        topics: [{ id: 'p.t', subjectId: 'p', name: 'p' }],
        blueprints: [],
      },
    ];
    const withProfEd = banks.map((b, i) =>
      i === 0
        ? {
            ...b,
            blueprints: b.blueprints.map((bp) => ({
              ...bp,
              spec: {
                ...bp.spec,
                parts: bp.spec.parts.map((p) => ({ ...p, subjectIds: ['g', 'p'] })),
              },
            })),
          }
        : b,
    );
    expect(checkContent(withProfEd).problems.filter((p) => p.id === 'twin')).toEqual([
      {
        id: 'twin',
        message:
          "Tests the same point as orig (the same key, 100 % of the content words shared), both in let's mock: rewrite one to test another point.",
      },
    ]);
    const allowed = checkContent(withProfEd, {
      samePointAllowed: [
        { ids: ['orig', 'twin'], reason: 'test' },
        { ids: ['g.eng.q1', 'gone'], reason: 'test' },
      ],
    });
    expect(allowed.problems.filter((p) => p.message.startsWith('Tests the same point'))).toEqual(
      [],
    );
    expect(allowed.notices).toContain(
      'Allowed pair g.eng.q1 / gone: no item gone; drop the entry.',
    );
  });
});
