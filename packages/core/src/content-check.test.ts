import { describe, expect, it } from 'vitest';
import type { BlueprintSpec } from './blueprint.ts';
import {
  type CheckBank,
  type CheckQuestion,
  checkContent,
  checkQuestion,
  findDuplicateStems,
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
