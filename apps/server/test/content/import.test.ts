import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentImportError, importContent } from '../../src/modules/content/import-content.ts';
import { importContentFile } from '../../src/modules/content/import-content-file.ts';
import { formatContentError } from '../../src/modules/content/parse-content-file.ts';
import {
  blueprints,
  flashCards,
  itemReports,
  notes,
  questions,
  subjects,
  topics,
  users,
} from '../../src/platform/db/schema.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-database.ts';
import { counts, fixtureText, smallBundle } from './content-fixtures.ts';

describe.each(ENGINES)('importContent on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.drop());
  const db = () => t.database.db;

  const rowCounts = async () => {
    const n = async (
      table:
        | typeof subjects
        | typeof topics
        | typeof questions
        | typeof flashCards
        | typeof notes
        | typeof blueprints,
    ) => Number((await db().select({ n: count() }).from(table))[0]?.n);
    return {
      subjects: await n(subjects),
      topics: await n(topics),
      questions: await n(questions),
      flashCards: await n(flashCards),
      notes: await n(notes),
      blueprints: await n(blueprints),
    };
  };

  it('rolls back the whole bundle when a row fails half-way through the writes', async () => {
    // Past the schema (a caller that skipped it), the last question breaks a database check after
    // the subjects, topics and earlier questions were written: none of them may stay.
    const bundle = smallBundle();
    const broken = {
      ...bundle,
      questions: bundle.questions.map((q, i) => (i === 2 ? { ...q, difficulty: 9 } : q)),
    };
    await expect(importContent(db(), broken)).rejects.toThrow();
    expect(await rowCounts()).toEqual({
      subjects: 0,
      topics: 0,
      questions: 0,
      flashCards: 0,
      notes: 0,
      blueprints: 0,
    });
  });

  it('creates every row of a new bundle and reports it', async () => {
    const report = await importContent(db(), smallBundle());
    expect(report).toEqual({
      reviewer: 'cse-pro',
      subjects: counts(2, 0, 0),
      topics: counts(2, 0, 0),
      questions: counts(3, 0, 0),
      flashCards: counts(2, 0, 0),
      notes: counts(1, 0, 0),
      blueprints: counts(1, 0, 0),
    });
    const [q1] = await db().select().from(questions).where(eq(questions.id, 'fx-q1'));
    expect(q1).toMatchObject({
      topicId: 'fx-verbal.synonyms',
      choices: ['Slow', 'Swift', 'Heavy', 'Quiet'],
      answerIndex: 1,
      distractorNotes: [
        'Slow is the opposite.',
        null,
        'Heavy describes weight.',
        'Quiet describes sound.',
      ],
      difficulty: 2,
      situational: false,
      heldAt: null,
    });
    const [subject] = await db().select().from(subjects).where(eq(subjects.id, 'fx-verbal'));
    expect(subject?.reviewerShorthand).toBe('cse-pro');
  });

  it('re-imports idempotently: unchanged rows untouched, edits update in place, no duplicates', async () => {
    const before = await rowCounts();
    const again = await importContent(db(), smallBundle());
    expect(again.questions).toEqual(counts(0, 0, 3));
    expect(again.blueprints).toEqual(counts(0, 0, 1)); // jsonb's key order is not a change
    expect(await rowCounts()).toEqual(before);

    // A student's open report holds fx-q2; fixing its text by re-import keeps id, hold and report.
    const [student] = await db()
      .insert(users)
      .values({ email: `reporter-${engine}@example.com` })
      .returning();
    const heldAt = new Date('2026-01-02T03:04:05Z');
    await db().update(questions).set({ heldAt }).where(eq(questions.id, 'fx-q2'));
    await db()
      .insert(itemReports)
      .values({
        questionId: 'fx-q2',
        userId: student?.id ?? '',
        reason: 'Two answers look right.',
      });

    const edited = await importContent(
      db(),
      smallBundle((raw) => {
        raw.questions[1].stem = 'What is 1/2 + 1/4? Give the simplest form.';
        raw.questions[1].choices = ['3/4', '2/6', '1/8', '6/8'];
        delete raw.flashCards[0].rationale;
        raw.topics[0].name = 'Synonyms and antonyms';
        raw.blueprints[0].spec.passingAverage = 75;
        raw.questions.push({
          id: 'fx-q4',
          topicId: 'fx-verbal.synonyms',
          stem: 'Closest in meaning to VAST?',
          choices: ['Huge', 'Tiny'],
          answerIndex: 0,
          rationale: 'Vast means of very great extent.',
        });
      }),
    );
    expect(edited).toMatchObject({
      subjects: counts(0, 0, 2),
      topics: counts(0, 1, 1),
      questions: counts(1, 1, 2),
      flashCards: counts(0, 1, 1),
      notes: counts(0, 0, 1),
      blueprints: counts(0, 1, 0),
    });
    expect((await rowCounts()).questions).toBe(before.questions + 1);
    const [q2] = await db().select().from(questions).where(eq(questions.id, 'fx-q2'));
    expect(q2).toMatchObject({ stem: 'What is 1/2 + 1/4? Give the simplest form.', heldAt });
    expect(q2?.choices).toHaveLength(4);
    const reports = await db()
      .select()
      .from(itemReports)
      .where(eq(itemReports.questionId, 'fx-q2'));
    expect(reports.map((r) => r.status)).toEqual(['open']);
    const [card] = await db().select().from(flashCards).where(eq(flashCards.id, 'fx-c1'));
    expect(card?.rationale).toBeNull();

    // Rows a later file leaves out stay: a file with only fx-q1 does not delete fx-q2..4.
    const partial = await importContent(
      db(),
      smallBundle((raw) => {
        raw.subjects = [];
        raw.topics = [];
        raw.questions = raw.questions.slice(0, 1);
        raw.flashCards = [];
        raw.notes = [];
        raw.blueprints = [];
      }),
    );
    expect(partial.questions).toEqual(counts(0, 0, 1));
    expect((await rowCounts()).questions).toBe(before.questions + 1);
  });

  it('keeps situational from the file, defaults it to false, and a re-import updates it', async () => {
    const situational = async () =>
      Object.fromEntries(
        (
          await db()
            .select({ id: questions.id, situational: questions.situational })
            .from(questions)
            .where(inArray(questions.id, ['fx-q1', 'fx-q3']))
        ).map((r) => [r.id, r.situational]),
      );
    await importContent(db(), smallBundle()); // back to the file as it is, after earlier edits
    expect(await situational()).toEqual({ 'fx-q1': false, 'fx-q3': true });

    const flipped = await importContent(
      db(),
      smallBundle((raw) => {
        raw.questions[0].situational = true;
        raw.questions[2].situational = false;
      }),
    );
    expect(flipped.questions.updated).toBe(2);
    expect(await situational()).toEqual({ 'fx-q1': true, 'fx-q3': false });
    // Leaving the field out means "not situational", as the schema's default says.
    await importContent(
      db(),
      smallBundle((raw) => {
        delete raw.questions[0].situational;
      }),
    );
    expect(await situational()).toEqual({ 'fx-q1': false, 'fx-q3': true });
  });

  it('refuses ids that point nowhere or into another reviewer, naming each, and writes nothing', async () => {
    const before = await rowCounts();
    const bundle = smallBundle((raw) => {
      raw.reviewer.shorthand = 'let-elem';
      raw.subjects = [{ id: 'fx-let-math', name: 'Mathematics' }];
      raw.topics = [
        { id: 'fx-let-math.sets', subjectId: 'fx-let-math', name: 'Sets' },
        { id: 'fx-let-ghost', subjectId: 'fx-nowhere', name: 'Ghost' },
        { id: 'fx-let-stolen', subjectId: 'fx-verbal', name: 'Stolen' }, // a cse-pro subject
      ];
      raw.questions = [
        { ...raw.questions[0], id: 'fx-let-q1', topicId: 'fx-let-math.sets' },
        { ...raw.questions[1], id: 'fx-let-q2', topicId: 'fx-missing-topic' },
        { ...raw.questions[2], topicId: 'fx-let-math.sets' }, // fx-q3 is cse-pro's
      ];
      raw.flashCards = [
        { ...raw.flashCards[0], id: 'fx-let-c1', topicId: 'fx-numerical.fractions' },
      ];
      raw.notes = [];
      raw.blueprints[0].id = 'fx-let-mock';
      raw.blueprints[0].spec.parts[1].subjectIds = ['fx-let-math', 'fx-unknown'];
      raw.blueprints[0].spec.parts[0].subjectIds = ['fx-let-math'];
    });
    const error = await importContent(db(), bundle).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentImportError);
    expect((error as ContentImportError).issues).toEqual([
      {
        path: ['topics', 1, 'subjectId'],
        message: 'Unknown subject fx-nowhere: it is not in this file or the database.',
      },
      {
        path: ['topics', 2, 'subjectId'],
        message: 'Subject fx-verbal belongs to reviewer cse-pro, not let-elem.',
      },
      {
        path: ['blueprints', 0, 'spec', 'parts', 1, 'subjectIds', 1],
        message: 'Unknown subject fx-unknown: it is not in this file or the database.',
      },
      {
        path: ['questions', 1, 'topicId'],
        message: 'Unknown topic fx-missing-topic: it is not in this file or the database.',
      },
      {
        path: ['flashCards', 0, 'topicId'],
        message: 'Topic fx-numerical.fractions belongs to reviewer cse-pro, not let-elem.',
      },
      { path: ['questions', 2, 'id'], message: 'Id fx-q3 is already used by reviewer cse-pro.' },
    ]);
    expect(await rowCounts()).toEqual(before);

    const unknownReviewer = await importContent(
      db(),
      smallBundle((raw) => {
        raw.reviewer.shorthand = 'bar-exam';
      }),
    ).catch((e: ContentImportError) => e.issues[0]?.message);
    expect(unknownReviewer).toBe(
      'Unknown reviewer bar-exam; use one of cse-pro, cse-subpro, let-elem, let-sec, nle, crim.',
    );
  });

  it('imports a file: line-numbered errors from the database checks; a dry run writes nothing', async () => {
    const text = fixtureText('small.json').replace(
      '"topicId": "fx-numerical.fractions",\n      "stem": "What is 2/3 of 9?"',
      '"topicId": "fx-nowhere",\n      "stem": "What is 2/3 of 9?"',
    );
    const bad = await importContentFile(db(), { fileName: 'small.json', text });
    const line = text.split('\n').findIndex((l) => l.includes('"fx-nowhere"')) + 1;
    expect(bad.ok === false && bad.errors.map(formatContentError)).toEqual([
      `line ${line}: questions[2].topicId: Unknown topic fx-nowhere: it is not in this file or the database.`,
    ]);

    const before = await rowCounts();
    const csv = fixtureText('small.csv');
    const dry = await importContentFile(db(), { fileName: 'small.csv', text: csv, dryRun: true });
    expect(dry).toMatchObject({
      ok: true,
      dryRun: true,
      report: { reviewer: 'let-elem', subjects: counts(1, 0, 0), questions: counts(2, 0, 0) },
    });
    expect(await rowCounts()).toEqual(before);

    const real = await importContentFile(db(), { fileName: 'small.csv', text: csv });
    expect(real).toMatchObject({ ok: true, dryRun: false, report: { questions: counts(2, 0, 0) } });
    const rows = await db()
      .select()
      .from(questions)
      .where(inArray(questions.id, ['fxc-q1', 'fxc-q2']));
    expect(rows).toHaveLength(2);
    const again = await importContentFile(db(), { fileName: 'small.csv', text: csv });
    expect(again).toMatchObject({
      ok: true,
      report: { questions: counts(0, 0, 2), notes: counts(0, 0, 1) },
    });
  });
});
