import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../src/platform/db/client.ts';
import { flashCards, notes, questions, subjects, topics } from '../../src/platform/db/schema.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import type { Engine } from '../helpers/test-database.ts';

/**
 * A small study bank for tests (the real banks are imported from content/bank): one LET-Elem
 * subject with two topics, plus one CSE-Pro topic that LET students must never reach. Ids carry a
 * prefix so several tests can seed into one database.
 */
export async function seedStudyContent(db: Db, prefix = 'fx') {
  const id = (s: string) => `${prefix}-${s}`;
  await db.insert(subjects).values([
    {
      id: id('prof-ed'),
      reviewerShorthand: 'let-elem',
      name: 'Professional Education',
      sortOrder: 1,
    },
    { id: id('cse-verbal'), reviewerShorthand: 'cse-pro', name: 'Verbal Ability', sortOrder: 1 },
  ]);
  await db.insert(topics).values([
    { id: id('learning'), subjectId: id('prof-ed'), name: 'Theories of Learning', sortOrder: 1 },
    { id: id('assessment'), subjectId: id('prof-ed'), name: 'Assessment', sortOrder: 2 },
    { id: id('grammar'), subjectId: id('cse-verbal'), name: 'Grammar', sortOrder: 1 },
  ]);
  await db.insert(flashCards).values([
    {
      id: id('card-a1'),
      topicId: id('learning'),
      front: 'Who proposed operant conditioning?',
      back: 'B. F. Skinner',
      rationale: 'Skinner showed that consequences shape behaviour.',
    },
    {
      id: id('card-a2'),
      topicId: id('learning'),
      front: 'What is the zone of proximal development?',
      back: 'What a learner can do with guidance but not yet alone (Vygotsky).',
      rationale: null,
    },
    {
      id: id('card-a3'),
      topicId: id('learning'),
      front: 'Piaget: the stage of abstract reasoning?',
      back: 'Formal operational',
      rationale: 'From about age 11 onwards.',
    },
    {
      id: id('card-b1'),
      topicId: id('assessment'),
      front: 'Validity means…',
      back: 'The test measures what it intends to measure.',
      rationale: null,
    },
    {
      id: id('card-c1'),
      topicId: id('grammar'),
      front: 'CSE card',
      back: 'Not for LET students',
      rationale: null,
    },
  ]);
  await db.insert(notes).values([
    {
      id: id('note-1'),
      topicId: id('learning'),
      title: 'Behaviourism',
      body: '# Behaviourism\n\nLearning is a **change in behaviour**.\n\n<script>alert(1)</script>\n\n[More](https://example.com)',
      sortOrder: 1,
    },
    {
      id: id('note-2'),
      topicId: id('learning'),
      title: 'Constructivism',
      body: 'Learners *build* knowledge.\n\n- Piaget\n- Vygotsky',
      sortOrder: 2,
    },
    { id: id('note-c'), topicId: id('grammar'), title: 'CSE note', body: 'Nope', sortOrder: 1 },
  ]);
  const question = (n: number, topic: string, answerIndex: number) => ({
    id: id(`q${n}`),
    topicId: id(topic),
    stem: `Question ${n}: which choice is right?`,
    choices: ['Choice A', 'Choice B', 'Choice C', 'Choice D'],
    answerIndex,
    rationale: `Rationale ${n}.`,
  });
  await db
    .insert(questions)
    .values([
      question(1, 'learning', 0),
      question(2, 'learning', 1),
      question(3, 'learning', 2),
      question(4, 'assessment', 3),
      question(5, 'assessment', 0),
      question(6, 'assessment', 1),
      question(7, 'grammar', 0),
    ]);
  return {
    subjectId: id('prof-ed'),
    topicLearning: id('learning'),
    topicAssessment: id('assessment'),
    otherSubjectId: id('cse-verbal'),
    otherTopic: id('grammar'),
    cards: {
      a1: id('card-a1'),
      a2: id('card-a2'),
      a3: id('card-a3'),
      b1: id('card-b1'),
      other: id('card-c1'),
    },
    notes: { first: id('note-1'), second: id('note-2'), other: id('note-c') },
    /** The key of each LET question, by id. */
    keys: new Map([1, 2, 3, 4, 5, 6].map((n) => [id(`q${n}`), [0, 1, 2, 3, 0, 1][n - 1] ?? 0])),
    otherQuestion: id('q7'),
  };
}

export type StudyFixture = Awaited<ReturnType<typeof seedStudyContent>>;

/**
 * A test app on `engine` with the study fixture seeded, started before the suite's tests and closed
 * after them; read `.t` and `.fx` inside the tests.
 */
export function useStudyApp(engine: Engine): { t: TestApp; fx: StudyFixture } {
  const suite = {} as { t: TestApp; fx: StudyFixture };
  beforeAll(async () => {
    suite.t = await startTestApp(engine);
    suite.fx = await seedStudyContent(suite.t.app.database.db);
  });
  afterAll(() => suite.t.close());
  return suite;
}
