import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanUploads } from '../../src/jobs/sweep-orphan-uploads.ts';
import { uploads, userMessages } from '../../src/platform/db/schema.ts';
import type { FileStorage } from '../../src/platform/storage/file-storage.ts';
import { HOUR } from '../helpers/durations.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  onboardedStudent,
  pngBytes,
  purchaseInput,
  subscribe,
  tempDataDir,
  uploadScreenshot,
} from '../subscriptions/purchase-helpers.ts';

// Issue 3 (and the message modal): an image uploaded but never used is deleted after 24 h.
describe.each(ENGINES)('sweepOrphanUploads on %s', (engine) => {
  let t: TestApp;
  let storage: FileStorage;
  const dataDir = tempDataDir();
  beforeAll(async () => {
    t = await startTestApp(engine, { DATA_DIR: dataDir });
    storage = t.app.storage;
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const onDisk = async (objectPath: string) => (await storage.get(objectPath)) !== null;
  const age = (paths: string[], hours: number) =>
    db()
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - hours * HOUR) })
      .where(inArray(uploads.path, paths));
  const rows = async (paths: string[]) =>
    (await db().select().from(uploads).where(inArray(uploads.path, paths))).map((r) => r.path);

  async function upload(cookie: string): Promise<string> {
    const res = await uploadScreenshot(t, cookie, pngBytes());
    expect(res.statusCode).toBe(201);
    return res.json().path;
  }

  it('deletes old unused screenshots, keeps used, recent and other folders', async () => {
    const student = await onboardedStudent(t);
    const used = await upload(student.cookie);
    const unusedOld = await upload(student.cookie);
    const unusedRecent = await upload(student.cookie);
    const bought = await subscribe(
      t,
      student.cookie,
      purchaseInput({ screenshot: used, finalPrice: 99 }),
    );
    expect(bought.statusCode).toBe(200);
    // Message images: one a message cites, one whose message was never sent.
    const feedbackCited = `images/userFeedbacks/${student.userId}_1_note.png`;
    const feedbackOrphan = `images/userFeedbacks/${student.userId}_2_lost.png`;
    await db()
      .insert(uploads)
      .values(
        [feedbackCited, feedbackOrphan].map((p) => ({
          path: p,
          ownerUserId: student.userId,
          sha256: 'a'.repeat(64),
          contentType: 'image/png',
          sizeBytes: 10,
        })),
      );
    await db()
      .insert(userMessages)
      .values({
        messageType: 'feedbacks',
        message: 'See the picture',
        attachment: `/api/files/${feedbackCited}`,
        messageFromUserId: student.userId,
        messageFromUserEmail: student.email,
        submittedDate: new Date(),
      });
    await age([used, unusedOld, feedbackCited, feedbackOrphan], 25);
    await age([unusedRecent], 23);

    const result = await sweepOrphanUploads(t.app.database, storage, new Date());

    expect(result.fileErrors).toEqual([]);
    expect(result.deleted.sort()).toEqual([feedbackOrphan, unusedOld].sort());
    expect(await rows([used, unusedOld, unusedRecent, feedbackCited, feedbackOrphan])).toEqual(
      expect.arrayContaining([used, unusedRecent, feedbackCited]),
    );
    expect(await rows([unusedOld])).toEqual([]);
    expect(await onDisk(unusedOld)).toBe(false);
    expect(await onDisk(used)).toBe(true);
    expect(await onDisk(unusedRecent)).toBe(true);

    // Nothing left to do: a second run deletes nothing.
    expect(await sweepOrphanUploads(t.app.database, storage, new Date())).toEqual({
      deleted: [],
      fileErrors: [],
    });
  });

  it('takes "24 h" from the now it is given', async () => {
    const student = await onboardedStudent(t);
    const unused = await upload(student.cookie);
    const justUnder = new Date(Date.now() + 24 * HOUR - 60_000);
    expect((await sweepOrphanUploads(t.app.database, storage, justUnder)).deleted).not.toContain(
      unused,
    );
    const after = new Date(Date.now() + 24 * HOUR + 60_000);
    expect((await sweepOrphanUploads(t.app.database, storage, after)).deleted).toContain(unused);
    expect(await onDisk(unused)).toBe(false);
  });

  it('reports a file it could not remove, and the record is gone all the same', async () => {
    const student = await onboardedStudent(t);
    const unused = await upload(student.cookie);
    await age([unused], 30);
    const failing: FileStorage = {
      ...storage,
      delete: async () => {
        throw new Error('disk says no');
      },
    };
    const result = await sweepOrphanUploads(t.app.database, failing, new Date());
    expect(result.deleted).toEqual([]);
    expect(result.fileErrors.map((e) => e.path)).toEqual([unused]);
    expect(await db().select().from(uploads).where(eq(uploads.path, unused))).toEqual([]);
  });
});
