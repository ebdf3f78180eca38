import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLiveSession } from '../../../src/modules/auth/live-session.read-model.ts';
import { signIn } from '../../../src/modules/auth/service.ts';
import { hashToken } from '../../../src/modules/auth/sessions.repository.ts';

const IDLE = 7 * 86_400_000;

import { appendAudit } from '../../../src/platform/audit/audit.repository.ts';
import type { Database } from '../../../src/platform/db/client.ts';
import { auditLog, sessions, users } from '../../../src/platform/db/schema.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../helpers/test-database.ts';

const identity = (email: string) => ({
  issuer: 'https://issuer.test',
  subject: email,
  email,
  emailVerified: true,
  name: null,
});

describe.each(ENGINES)('database integrity on %s', (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    database = testDb.database;
  });
  afterAll(() => testDb.drop());

  const signInOn = (email: string, deviceId: string) =>
    signIn(database.db, {
      identity: identity(email),
      deviceId,
      deviceInfo: 'test',
      ttlMs: 60_000,
      now: new Date(),
    });

  it('migrations seed at least three reviewers', async () => {
    const rows = await database.db.query.reviewers.findMany();
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps one live session per user: a second live row is refused by the database', async () => {
    const { userId } = await signInOn('one@example.com', 'device-one-1');
    const [current] = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
    await expect(
      database.db.insert(sessions).values({
        tokenHash: hashToken('another'),
        userId,
        deviceId: current?.deviceId ?? '',
        expiresAt: new Date(Date.now() + 60_000),
      }),
    ).rejects.toThrow();
  });

  it('refuses a live session for a device that is not the current one', async () => {
    const { userId } = await signInOn('two@example.com', 'device-two-1');
    await database.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'signed-out' })
      .where(eq(sessions.userId, userId));
    await expect(
      database.db.insert(sessions).values({
        tokenHash: hashToken('sneaky'),
        userId,
        deviceId: 'some-other-device',
        expiresAt: new Date(Date.now() + 60_000),
      }),
    ).rejects.toThrow();
  });

  it("switching the current device revokes the other device's session in the database", async () => {
    const first = await signInOn('three@example.com', 'device-three-a');
    const second = await signInOn('three@example.com', 'device-three-b');
    expect(await findLiveSession(database.db, first.token, new Date(), IDLE)).toBeNull();
    expect(await findLiveSession(database.db, second.token, new Date(), IDLE)).not.toBeNull();
    const [revoked] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(first.token)));
    expect(revoked?.revokedReason).toBe('other-device');
  });

  it('signing in again on the same device rotates the session id', async () => {
    const first = await signInOn('four@example.com', 'device-four');
    const again = await signInOn('four@example.com', 'device-four');
    expect(again.token).not.toBe(first.token);
    expect(await findLiveSession(database.db, first.token, new Date(), IDLE)).toBeNull();
    expect(await findLiveSession(database.db, again.token, new Date(), IDLE)).not.toBeNull();
  });

  it('an expired session is not live', async () => {
    const { token } = await signInOn('five@example.com', 'device-five');
    expect(
      await findLiveSession(database.db, token, new Date(Date.now() + 120_000), IDLE),
    ).toBeNull();
  });

  it('the audit log is append-only', async () => {
    await appendAudit(database.db, {
      actorUserId: null,
      actorEmail: 'ops@example.com',
      action: 'test',
      targetType: 'user',
      targetId: 'x',
    });
    await expect(database.db.update(auditLog).set({ action: 'rewritten' })).rejects.toThrow();
    await expect(database.db.delete(auditLog)).rejects.toThrow();
    const rows = await database.db.select().from(auditLog);
    expect(rows.map((r) => r.action)).toContain('test');
    expect(rows.map((r) => r.action)).not.toContain('rewritten');
  });

  it('stores emails in lower case only', async () => {
    await expect(
      database.db.insert(users).values({ email: 'Mixed@Example.com' }),
    ).rejects.toThrow();
    const { userId } = await signInOn('  Mixed@Example.com ', 'device-six');
    const [row] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.email).toBe('mixed@example.com');
  });

  it('a sign-in that fails half-way leaves nothing behind', async () => {
    const before = await database.db.$count(users);
    await expect(
      signIn(database.db, {
        identity: identity('half@example.com'),
        deviceId: '',
        deviceInfo: 'x',
        ttlMs: -1,
        now: new Date(Number.NaN),
      }),
    ).rejects.toThrow();
    const after = await database.db.$count(users);
    expect(after).toBe(before);
  });
});
