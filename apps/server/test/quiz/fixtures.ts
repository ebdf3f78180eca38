import type { BlueprintSpec } from '@pasado/core';
import type { Db } from '../../src/platform/db/client.ts';
import { blueprints, questions, subjects, topics } from '../../src/platform/db/schema.ts';

/**
 * A small bank under the seeded reviewer `crim` (ids prefixed `tst-`): subject A has 12 items, all
 * of which part A of the blueprint takes (so a held item provably drops out), subject B has 8, of
 * which part B takes 5. Item n's key is n % 4.
 */
export const REVIEWER = 'crim';
export const SUBJECT_A = 'tst-sub-a';
export const SUBJECT_B = 'tst-sub-b';
export const BLUEPRINT_SPEC: BlueprintSpec = {
  passingAverage: 75,
  sittings: 1,
  parts: [
    {
      id: 'part-a',
      name: 'Part A',
      subjectIds: [SUBJECT_A],
      items: 12,
      minutes: 24,
      weight: 0.5,
      floor: 50,
    },
    {
      id: 'part-b',
      name: 'Part B',
      subjectIds: [SUBJECT_B],
      items: 5,
      minutes: 10,
      weight: 0.5,
      floor: 50,
    },
  ],
};
export const MOCK_MINUTES = 34;

export const keyOf = (questionId: string) => Number(questionId.split('-').pop()) % 4;
export const rationaleOf = (questionId: string) => `Because of rule ${questionId}.`;
/** seedBank's items: 12 in subject A, 8 in subject B. */
const SUBJECT_A_ITEMS = 12;
const SUBJECT_B_ITEMS = 8;
export const BANK_SIZE = SUBJECT_A_ITEMS + SUBJECT_B_ITEMS;

export async function seedBank(db: Db) {
  await db.insert(subjects).values([
    { id: SUBJECT_A, reviewerShorthand: REVIEWER, name: 'Subject A', sortOrder: 1 },
    { id: SUBJECT_B, reviewerShorthand: REVIEWER, name: 'Subject B', sortOrder: 2 },
  ]);
  await db.insert(topics).values([
    { id: 'tst-top-a', subjectId: SUBJECT_A, name: 'Topic A' },
    { id: 'tst-top-b', subjectId: SUBJECT_B, name: 'Topic B' },
  ]);
  const make = (topicId: string, prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const id = `tst-${prefix}-${i}`;
      return {
        id,
        topicId,
        stem: `Question ${prefix} ${i}?`,
        choices: ['Alpha', 'Beta', 'Gamma', 'Delta'],
        answerIndex: i % 4,
        rationale: rationaleOf(id),
        distractorNotes: ['Not alpha.', null, 'Not gamma.', null],
      };
    });
  await db
    .insert(questions)
    .values([
      ...make('tst-top-a', 'a', SUBJECT_A_ITEMS),
      ...make('tst-top-b', 'b', SUBJECT_B_ITEMS),
    ]);
  await db.insert(blueprints).values({
    id: 'tst-bp',
    reviewerShorthand: REVIEWER,
    name: 'Test board exam',
    spec: BLUEPRINT_SPEC,
  });
}
