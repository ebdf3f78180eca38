import type { Db } from '../../../apps/server/src/platform/db/client.ts';
import {
  blueprints,
  questions,
  subjects,
  topics,
} from '../../../apps/server/src/platform/db/schema.ts';

type QuestionRow = typeof questions.$inferInsert;

/**
 * A small Criminology bank for browser tests: subjects `crim-law` and `crim-sci` (topics
 * `crim-law-rpc`, `crim-sci-lab`) and a two-part, 12-minute-per-part mock of 6 items each. The
 * questions are the test's own, or — for tests that need a lite quiz or a mock but not its words —
 * `perSubject` generated ones per subject (9 by default: a track is offered at onboarding only when
 * its bank fills the mock 1.5 times, issue 12), the key always the first choice, so a test can
 * answer right or wrong without reading the database.
 */
export async function seedSmallCrimBank(
  db: Db,
  options: { perSubject?: number; questions?: QuestionRow[] } = {},
): Promise<void> {
  const perSubject = options.perSubject ?? 9;
  await db.insert(subjects).values([
    { id: 'crim-law', reviewerShorthand: 'crim', name: 'Criminal Jurisprudence', sortOrder: 1 },
    { id: 'crim-sci', reviewerShorthand: 'crim', name: 'Criminalistics', sortOrder: 2 },
  ]);
  await db.insert(topics).values([
    { id: 'crim-law-rpc', subjectId: 'crim-law', name: 'Revised Penal Code' },
    { id: 'crim-sci-lab', subjectId: 'crim-sci', name: 'Forensic science' },
  ]);
  await db.insert(questions).values(
    options.questions ??
      ['law', 'sci'].flatMap((subject) =>
        Array.from({ length: perSubject }, (_, i) => ({
          id: `crim-${subject}-${i}`,
          topicId: subject === 'law' ? 'crim-law-rpc' : 'crim-sci-lab',
          stem: `Practice item ${i + 1} of ${subject === 'law' ? 'jurisprudence' : 'criminalistics'}?`,
          choices: ['Right answer', 'Wrong one', 'Another wrong one', 'Still wrong'],
          answerIndex: 0,
          rationale: `Item ${i + 1}: the first choice is the right one.`,
          distractorNotes: [null, 'Not this.', 'Not this.', 'Not this.'],
        })),
      ),
  );
  await db.insert(blueprints).values({
    id: 'crim-board',
    reviewerShorthand: 'crim',
    name: 'Criminology board mock',
    spec: {
      passingAverage: 75,
      sittings: 1,
      parts: [
        {
          id: 'jur',
          name: 'Criminal Jurisprudence',
          subjectIds: ['crim-law'],
          items: 6,
          minutes: 12,
          weight: 0.5,
          floor: 50,
        },
        {
          id: 'sci',
          name: 'Criminalistics',
          subjectIds: ['crim-sci'],
          items: 6,
          minutes: 12,
          weight: 0.5,
          floor: 50,
        },
      ],
    },
  });
}
