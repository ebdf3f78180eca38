import { type BlueprintPart, contentBundleSchema } from '@pasado/core';

/**
 * A small bank shaped like the real ones (issue 12): `off.gen` is LET Elementary's (topics g1 with
 * 12 items and g2 with 6) and LET Secondary shares it; LET Secondary's majors `off.eng` and
 * `off.math` hold 6 items each. LET Elementary's mock takes 12 of the 18 (the 1.5 × rule exactly);
 * LET Secondary's takes the same 12 from the shared subject plus 4 from the student's major (6
 * needed). Both tracks are offered; one held item takes LET Secondary out of the offer.
 */
export const question = (topicId: string, n: number) => ({
  id: `${topicId}.q${String(n).padStart(2, '0')}`,
  topicId,
  stem: `Question ${n} of ${topicId}?`,
  choices: ['A', 'B', 'C', 'D'],
  answerIndex: n % 4,
  rationale: `Rule ${n}.`,
  distractorNotes: [0, 1, 2, 3].map((i) => (i === n % 4 ? null : `Not ${i}.`)),
  difficulty: 2,
});
export const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The part both tracks draw from the shared subject: 12 of its 18 items. */
const generalEducation = (weight: number): BlueprintPart => ({
  id: 'gen',
  name: 'General Education',
  subjectIds: ['off.gen'],
  items: 12,
  minutes: 12,
  weight,
  floor: 0,
});
const mockOf = (id: string, parts: BlueprintPart[]) => ({
  id,
  name: 'Mock exam',
  spec: { parts, passingAverage: 75, sittings: 1 },
});

export const elementary = contentBundleSchema.parse({
  reviewer: { shorthand: 'let-elem' },
  subjects: [{ id: 'off.gen', name: 'General Education', sortOrder: 0 }],
  topics: [
    { id: 'off.gen.g1', subjectId: 'off.gen', name: 'Topic one', sortOrder: 0 },
    { id: 'off.gen.g2', subjectId: 'off.gen', name: 'Topic two', sortOrder: 1 },
  ],
  questions: [
    ...range(12).map((n) => question('off.gen.g1', n)),
    ...range(6).map((n) => question('off.gen.g2', n)),
  ],
  blueprints: [mockOf('off.elem.mock', [generalEducation(1)])],
});

export const secondary = contentBundleSchema.parse({
  reviewer: { shorthand: 'let-sec' },
  subjects: [
    { id: 'off.eng', name: 'Specialization: English', sortOrder: 2 },
    { id: 'off.math', name: 'Specialization: Mathematics', sortOrder: 3 },
  ],
  sharedSubjects: [{ subjectId: 'off.gen', sortOrder: 0 }],
  topics: [
    { id: 'off.eng.t', subjectId: 'off.eng', name: 'English topic', sortOrder: 0 },
    { id: 'off.math.t', subjectId: 'off.math', name: 'Mathematics topic', sortOrder: 0 },
  ],
  questions: [
    ...range(6).map((n) => question('off.eng.t', n)),
    ...range(6).map((n) => question('off.math.t', n)),
  ],
  blueprints: [
    mockOf('off.sec.mock', [
      generalEducation(0.5),
      {
        id: 'spec',
        name: 'Specialization',
        subjectIds: ['off.eng', 'off.math'],
        items: 4,
        minutes: 4,
        weight: 0.5,
        floor: 0,
        major: true,
      },
    ]),
  ],
});
