import { attemptStateSchema } from '@pasado/core';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import {
  cardSchedules,
  quizAttempts,
  reviewerSubjects,
  sessions,
} from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { openLiveStream } from '../helpers/live-stream.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { seedStudyContent } from '../study/study-fixtures.ts';
import { BANK_SIZE, REVIEWER, seedBank } from './fixtures.ts';
import { captureStatements } from './statement-plans.ts';

/** The texts of the statements sent unnamed through node-postgres while `run` runs. */
async function sentUnnamed(run: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; name?: string };
    const text = typeof config === 'string' ? config : (config.text ?? '');
    const named = typeof config === 'object' && Boolean(config.name);
    if (!named && /^\s*(select|insert|update|delete|with)\b/i.test(text)) texts.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return texts;
}

/** What a failed count prints: the start of each statement captured, so the odd one out shows. */
const sentTexts = (statements: readonly { text: string }[]) =>
  statements.map((s) => s.text.replace(/\s+/g, ' ').trim().slice(0, 120)).join('\n');

/**
 * Issue 25: the daily path in few statements, counted as a student's requests send them (through
 * HTTP, the session and the grant included). Before: a lite start read the reviewer's whole bank,
 * a finish sent about 25 statements and a rating 14. What each does is held by quiz.test.ts,
 * study-api.test.ts and progress/activity-equivalence.test.ts.
 */
describe.each(ENGINES)('the daily path in few statements on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // A clock that stands still: the session cache keeps a session for 5 s of the app's clock
    // after it read it, and on a loaded CI machine the warm-up outlasted that, so a counted
    // request read the session again (a lite start counted three, 2026-11-27).
    t = await startTestApp(engine, {}, { clock: new ManualClock() });
    await seedBank(t.app.database.db);
    await seedStudyContent(t.app.database.db, 'dp');
  });
  afterAll(() => t.close());
  const call = (cookie: string, method: ApiMethod, url: string, payload?: unknown) =>
    callApi(t, cookie, method, url, payload);
  const base = `/api/quiz/${REVIEWER}`;
  /** A card of the let-elem study content rated 'good' after 8 s, as a fresh review. */
  const rateCard = (cookie: string, cardId: string) =>
    call(cookie, 'POST', '/api/study/let-elem/flash/reviews', {
      reviewId: crypto.randomUUID(),
      cardId,
      rating: 'good',
      seconds: 8,
    });

  it('starts a lite set in two statements, answers in two, finishes it in three, rates a card in two', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    // Warm: the bank and the items' content are read once per content version and process, and
    // the session is remembered by the session cache. Until every item of the bank has been
    // drawn: twelve draws once left one of the 20 items unread, and the counted start read its
    // content (a CI run of 2026-11-29 counted three statements).
    const drawn = new Set<string>();
    for (let i = 0; i < 200 && drawn.size < BANK_SIZE; i += 1) {
      const warm = await call(cookie, 'POST', `${base}/lite`, {});
      for (const item of attemptStateSchema.parse(JSON.parse(warm.body)).items) {
        drawn.add(item.questionId);
      }
    }
    expect(drawn.size).toBe(BANK_SIZE);
    let started: { statusCode: number; body: string } | undefined;
    const start = await captureStatements(async () => {
      started = await call(cookie, 'POST', `${base}/lite`, {});
    });
    expect(started?.statusCode).toBe(201);
    const state = attemptStateSchema.parse(JSON.parse(started?.body ?? '{}'));
    expect(state.items).toHaveLength(10);
    // Not the bank (listBank), not the session on its own, not the attempt read back (ADR 036):
    // one read of the session, the paywall and the holds, then the insert.
    expect(start.map((s) => s.text).join('\n')).not.toMatch(
      /"topics"."subject_id", "questions"."held_at"/,
    );
    expect(
      start.map((s) => s.text.slice(0, 6)),
      sentTexts(start),
    ).toEqual(['select', 'insert']);

    const answerStatements: number[] = [];
    const answerTexts: string[] = [];
    for (const item of state.items) {
      const answered = await captureStatements(async () => {
        const saved = await call(
          cookie,
          'PUT',
          `${base}/attempts/${state.attemptId}/answers/${item.questionId}`,
          { choiceIndex: 0 },
        );
        expect(saved.statusCode).toBe(200);
      });
      answerStatements.push(answered.length);
      answerTexts.push(sentTexts(answered));
    }
    // The first answer reads the set and remembers it; then each is the paywall's row and the
    // write that checks the rest (the session, the grant, the set's version and clock). It was
    // five: the session, the grant, the set, the subscription, the write.
    expect(answerStatements.slice(1), answerTexts.slice(1).join('\n--\n')).toEqual(
      Array(state.items.length - 1).fill(2),
    );
    // Warm: the set reloaded once shows its answered items' keys, which the process then keeps
    // per content version as it keeps their content (item-content-cache.ts); a busy server has
    // shown every key of its bank.
    expect((await call(cookie, 'GET', `${base}/attempts/${state.attemptId}`)).statusCode).toBe(200);
    let finished: { statusCode: number; body: string } | undefined;
    const finish = await captureStatements(async () => {
      finished = await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`);
    });
    expect(finished?.statusCode).toBe(200);
    expect(JSON.parse(finished?.body ?? '{}').status).toBe('submitted');
    // The lock (with the session and the grant, ADR 036: they were a statement each), one read of
    // everything the finish decides on (the items, their facts and histories, the model, the
    // blueprint, the activity's state), the mark carrying the model's write, the activity's and
    // the scores (ADR 037: they were two statements of their own), and no read after the commit:
    // the reply is built from the finish's read and the kept fragments (ADR 038: it was read back
    // in two). Issue 23
    // item 7: the readiness update rides in the finish's own statements; it was fourteen, then
    // ten, then seven, then five.
    expect(finish, sentTexts(finish)).toHaveLength(3);
    const mark = finish.find((s) => s.text.includes('update "quiz_attempts" set status'));
    expect(mark?.text).toContain('insert into "daily_awards"');
    expect(mark?.text).toContain('pg_notify');

    const { cookie: studyCookie } = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const rate = (cardId: string) => rateCard(studyCookie, cardId);
    // Warm: the session cache holds the student's session.
    expect((await rate('dp-card-a2')).statusCode).toBe(200);
    const rated = await captureStatements(
      async () => {
        expect((await rate('dp-card-a1')).statusCode).toBe(200);
      },
      { transactionControl: true },
    );
    // ADR 037: one read of everything the rating is decided on (the session and the paywall with
    // it), then one write of the schedule and the study time guarded by the user's activity_seq;
    // no transaction and no lock held between them (it was begin, the lock, the schedule's update
    // with the activity's read, the activity's write, commit).
    const kind = (text: string) => {
      const t = text.trim();
      if (t.startsWith('select') && t.includes('left join "card_schedules"')) return 'read';
      if (t.startsWith('with progress as') && t.includes('rated as (')) return 'guarded write';
      return t.slice(0, 40);
    };
    expect(
      rated.map((s) => kind(s.text)),
      sentTexts(rated),
    ).toEqual(['read', 'guarded write']);
  });

  it.runIf(engine === 'postgres')(
    'sends every statement of a start, a finish and a rating named, planned once per connection',
    async () => {
      const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
      const { cookie: studyCookie } = await createOnboardedStudent(t, { reviewer: 'let-elem' });
      const rate = (cardId: string) => rateCard(studyCookie, cardId);
      const startAndFinish = async () => {
        const started = await call(cookie, 'POST', `${base}/lite`, {});
        const { attemptId } = attemptStateSchema.parse(JSON.parse(started.body));
        expect(
          (await call(cookie, 'POST', `${base}/attempts/${attemptId}/submit`)).statusCode,
        ).toBe(200);
      };
      // Warm: the caches hold the session, the bank and the items.
      await startAndFinish();
      expect((await rate('dp-card-a2')).statusCode).toBe(200);
      const unnamed = await sentUnnamed(async () => {
        await startAndFinish();
        expect((await rate('dp-card-a1')).statusCode).toBe(200);
      });
      // An unnamed statement is parsed and planned on every call: the rating's schedule update,
      // with its read-back of the activity, was a fifth of PostgreSQL's CPU for a rating.
      expect(unnamed).toEqual([]);
    },
  );

  it("a finish and a rating announce the student's progress, from the statements that write it", async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const rater = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const streams = [
      await openLiveStream(t.url, student.cookie, [`users/${student.userId}`]),
      await openLiveStream(t.url, rater.cookie, [`users/${rater.userId}`]),
    ];
    try {
      const changes = (stream: (typeof streams)[number]) =>
        stream.events.filter((e) => (e.data as { kind: string }).kind === 'change').length;
      for (const stream of streams) {
        await stream.waitFor((e) => (e.data as { kind: string }).kind === 'snapshot');
      }
      const [finishing, rating] = streams as [(typeof streams)[number], (typeof streams)[number]];
      const started = await call(student.cookie, 'POST', `${base}/lite`, {});
      const { attemptId, items } = attemptStateSchema.parse(JSON.parse(started.body));
      const first = items[0];
      if (!first) throw new Error('an empty set');
      await call(
        student.cookie,
        'PUT',
        `${base}/attempts/${attemptId}/answers/${first.questionId}`,
        {
          choiceIndex: 0,
        },
      );
      const before = changes(finishing);
      expect(
        (await call(student.cookie, 'POST', `${base}/attempts/${attemptId}/submit`)).statusCode,
      ).toBe(200);
      await finishing.waitFor(() => changes(finishing) > before);
      const beforeRating = changes(rating);
      expect((await rateCard(rater.cookie, 'dp-card-a1')).statusCode).toBe(200);
      await rating.waitFor(() => changes(rating) > beforeRating);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('a lite start checks the session it may take from the cache in its one read', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const db = t.app.database.db;
    const attempts = async () =>
      (await db.select().from(quizAttempts).where(eq(quizAttempts.userId, student.userId))).length;
    expect((await call(student.cookie, 'POST', `${base}/lite`, {})).statusCode).toBe(201);
    // Signed out where this process did not hear of it (its session cache still holds the
    // session): refused as signed out, and no set is created.
    await db
      .update(sessions)
      .set({ revokedAt: t.app.clock.now(), revokedReason: 'signed-out' })
      .where(eq(sessions.userId, student.userId));
    const refused = await call(student.cookie, 'POST', `${base}/lite`, {});
    expect(refused.statusCode).toBe(401);
    expect(await attempts()).toBe(1);
  });

  it('a rating checks the session it may take from the cache in its lock, and creates nothing', async () => {
    const student = await createOnboardedStudent(t, { reviewer: 'let-elem' });
    const db = t.app.database.db;
    const rate = (cardId: string) => rateCard(student.cookie, cardId);
    expect((await rate('dp-card-a2')).statusCode).toBe(200);
    await db
      .update(sessions)
      .set({ revokedAt: t.app.clock.now(), revokedReason: 'signed-out' })
      .where(eq(sessions.userId, student.userId));
    expect((await rate('dp-card-a1')).statusCode).toBe(401);
    // The empty schedule the lock creates for a card never seen was rolled back with it.
    const schedules = await db
      .select()
      .from(cardSchedules)
      .where(eq(cardSchedules.userId, student.userId));
    expect(schedules.map((row) => row.cardId)).toEqual(['dp-card-a2']);
  });

  it('a finish checks the session it may take from the cache in its lock, and changes nothing', async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const db = t.app.database.db;
    const started = await call(student.cookie, 'POST', `${base}/lite`, {});
    const { attemptId } = attemptStateSchema.parse(JSON.parse(started.body));
    await db
      .update(sessions)
      .set({ revokedAt: t.app.clock.now(), revokedReason: 'signed-out' })
      .where(eq(sessions.userId, student.userId));
    expect(
      (await call(student.cookie, 'POST', `${base}/attempts/${attemptId}/submit`)).statusCode,
    ).toBe(401);
    const [attempt] = await db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(attempt?.status).toBe('in_progress');
  });

  it('a subject shared with the reviewer, or no longer, reaches the next lite draw at once', async () => {
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const drawn = async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 6; i += 1) {
        const response = await call(cookie, 'POST', `${base}/lite`, {});
        for (const item of attemptStateSchema.parse(JSON.parse(response.body)).items) {
          ids.add(item.questionId);
        }
      }
      return ids;
    };
    // The bank is remembered now; then a subject of another reviewer, with a question, is shared
    // with this one: the next draw reaches it (the cached bank was dropped with the version).
    await t.app.database.db.execute(
      sql`insert into questions (id, topic_id, stem, choices, answer_index, rationale)
          values ('dp-shared-q', 'dp-learning', 'Shared?', '["a","b","c","d"]', 0, 'r')`,
    );
    await drawn();
    await t.app.database.db
      .insert(reviewerSubjects)
      .values({ reviewerShorthand: REVIEWER, subjectId: 'dp-prof-ed', sortOrder: 99 });
    const onlyShared = await call(cookie, 'POST', `${base}/lite`, { subjectId: 'dp-prof-ed' });
    expect(onlyShared.statusCode).toBe(201);
    expect(
      attemptStateSchema.parse(JSON.parse(onlyShared.body)).items.map((i) => i.questionId),
    ).toContain('dp-shared-q');
    // No longer shared: out of every draw at once.
    await t.app.database.db
      .delete(reviewerSubjects)
      .where(
        and(
          eq(reviewerSubjects.reviewerShorthand, REVIEWER),
          eq(reviewerSubjects.subjectId, 'dp-prof-ed'),
        ),
      );
    expect((await drawn()).has('dp-shared-q')).toBe(false);
  });
});
