import { attemptStateSchema, quizHomeSchema } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refineItemDifficulties } from '../../src/modules/quiz/item-difficulty.ts';
import { itemDifficulties } from '../../src/platform/db/schema.ts';
import { createOnboardedStudent } from '../helpers/factories.ts';
import { type ApiMethod, callApi, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { keyOf, MOCK_MINUTES, REVIEWER, SUBJECT_A, seedBank } from './fixtures.ts';

const base = `/api/quiz/${REVIEWER}`;
/** Items every student in these tests gets wrong; the others they get right. */
const MISSED = new Set(['tst-a-0', 'tst-a-1']);

// Issue 23 item 2: item difficulty refined from everyone's answers, beside item analysis (ADR 034).
describe.each(ENGINES)('item difficulty refinement on %s', (engine) => {
  let t: TestApp;
  /**
   * The app's clock runs ahead of the real one by `offset`. A run of the job happens two minutes
   * after the answers so far (past the minute they settle in), and the answers after it a minute
   * later still, as they would in production.
   */
  let offset = 0;
  const later = () => {
    const at = new Date(Date.now() + offset + 120_000);
    offset += 180_000;
    return at;
  };
  beforeAll(async () => {
    t = await startTestApp(
      engine,
      {},
      {
        clock: { now: () => new Date(Date.now() + offset), nowMs: () => Date.now() + offset },
      },
    );
    await seedBank(t.app.database.db);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const call = (cookie: string | null, method: ApiMethod, url: string, payload?: unknown) =>
    callApi(t, cookie, method, url, payload);
  const stored = async () =>
    new Map((await db().select().from(itemDifficulties)).map((r) => [r.questionId, r]));

  /**
   * A lite set of subject A: MISSED items answered wrong (or every item, `allWrong`), the others
   * right, the last item left blank when `blank`; finished unless `open`. Returns the answered ids.
   */
  async function liteSet(
    cookie: string,
    options: { blank?: boolean; open?: boolean; allWrong?: boolean } = {},
  ): Promise<string[]> {
    const start = await call(cookie, 'POST', `${base}/lite`, { subjectId: SUBJECT_A });
    const state = attemptStateSchema.parse(start.json());
    const answered: string[] = [];
    for (const [n, item] of state.items.entries()) {
      const id = item.questionId;
      if (options.blank && n === state.items.length - 1) continue;
      const wrong = options.allWrong || MISSED.has(id);
      await call(cookie, 'PUT', `${base}/attempts/${state.attemptId}/answers/${id}`, {
        choiceIndex: wrong ? (keyOf(id) + 1) % 4 : keyOf(id),
      });
      answered.push(id);
    }
    if (!options.open) {
      const done = await call(cookie, 'POST', `${base}/attempts/${state.attemptId}/submit`);
      expect(done.statusCode).toBe(200);
    }
    return options.open ? [] : answered;
  }

  const tally = (ids: string[][]) => {
    const counts = new Map<string, number>();
    for (const id of ids.flat()) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };

  it('counts each finished answer once, from the label; missed items come out harder, the others easier', async () => {
    const sets: string[][] = [];
    for (let s = 0; s < 3; s += 1) {
      const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
      sets.push(await liteSet(cookie), await liteSet(cookie, { blank: true }));
      // Answers of a set not finished are not final: not counted.
      await liteSet(cookie, { open: true });
    }
    const counts = tally(sets);
    const total = sets.flat().length;

    const result = await refineItemDifficulties(db(), later());
    expect(result).toMatchObject({ items: counts.size, answers: total });
    const rows = await stored();
    for (const [id, n] of counts) {
      const row = rows.get(id);
      expect(row?.answers).toBe(n);
      // Seeded from the medium label (0): a handful of answers move it, but not past a label step.
      expect(Math.abs(row?.mean ?? 9)).toBeLessThan(1);
      if (MISSED.has(id)) expect(row?.mean).toBeGreaterThan(0);
      else expect(row?.mean).toBeLessThan(0);
      expect(row?.variance).toBeLessThan(0.25);
    }

    // Nothing new: nothing changes, nothing is counted twice.
    expect(await refineItemDifficulties(db(), later())).toMatchObject({ items: 0, answers: 0 });
    const again = await stored();
    for (const [id, row] of rows) expect(again.get(id)).toEqual(row);
  });

  it('a later run adds only the answers since the last, to where the last left each item', async () => {
    await refineItemDifficulties(db(), later());
    const before = await stored();
    const { cookie } = await createOnboardedStudent(t, { reviewer: REVIEWER });
    const answered = await liteSet(cookie);
    const result = await refineItemDifficulties(db(), later());
    expect(result).toMatchObject({ items: new Set(answered).size, answers: answered.length });
    const after = await stored();
    for (const [id, n] of tally([answered])) {
      expect(after.get(id)?.answers).toBe((before.get(id)?.answers ?? 0) + n);
      expect(after.get(id)?.variance).toBeLessThan(before.get(id)?.variance ?? 0.25);
    }
  });

  it('a mock that ran out unseen, settled after a run had passed its deadline, is counted by the next', async () => {
    await refineItemDifficulties(db(), later());
    const { cookie } = await createOnboardedStudent(t, {
      reviewer: REVIEWER,
      ttlMs: 24 * 60 * 60_000,
    });
    const started = await call(cookie, 'POST', `${base}/mock`);
    expect(started.statusCode, started.body).toBeLessThan(300);
    const mock = attemptStateSchema.parse(started.json());
    const answered = mock.items.slice(0, 3).map((item) => item.questionId);
    for (const id of answered) {
      const saved = await call(cookie, 'PUT', `${base}/attempts/${mock.attemptId}/answers/${id}`, {
        choiceIndex: keyOf(id),
      });
      expect(saved.statusCode).toBe(200);
    }
    // The student leaves; the mock runs out, and a run of the job passes its deadline meanwhile.
    offset += (MOCK_MINUTES + 10) * 60_000;
    expect(await refineItemDifficulties(db(), later())).toMatchObject({ answers: 0 });
    // Back the next hour: opening it settles it, submitted at its deadline.
    offset += 60 * 60_000;
    const resumed = await call(cookie, 'GET', `${base}/attempts/${mock.attemptId}`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(attemptStateSchema.parse(resumed.json()).status).toBe('submitted');
    expect(await refineItemDifficulties(db(), later())).toMatchObject({
      items: answered.length,
      answers: answered.length,
    });
  });

  it("quiz home's readiness reads the refined difficulties at once", async () => {
    const student = await createOnboardedStudent(t, { reviewer: REVIEWER });
    for (let i = 0; i < 4; i += 1) await liteSet(student.cookie);
    await refineItemDifficulties(db(), later());
    const predicted = async () => {
      const res = await call(student.cookie, 'GET', `${base}/quiz-home`);
      return quizHomeSchema.parse(res.json()).readiness?.parts[0]?.predicted?.rating ?? null;
    };
    const before = await predicted();
    expect(before).not.toBeNull();
    // Others miss every item of subject A: the items are harder than the answers so far made them
    // look, so the same ability predicts a lower rating — read from the refined rows at once (the
    // profile kept for five minutes is dropped by the run; three minutes pass on the app's clock).
    const others = await createOnboardedStudent(t, { reviewer: REVIEWER });
    for (let i = 0; i < 6; i += 1) await liteSet(others.cookie, { allWrong: true });
    await refineItemDifficulties(db(), later());
    expect(await predicted()).toBeLessThan(before ?? 0);
  });
});
