import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { auditLog, users } from '../../src/platform/db/schema.ts';
import { signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  purchaseInput,
  subscribe,
  subscriptionRow,
  tempDataDir,
} from '../subscriptions/purchase-helpers.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe.each(ENGINES)('operator CLI on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { DATA_DIR: tempDataDir() });
  });
  afterAll(() => t.close());

  async function admin(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCommand(args, {
      db: t.app.database.db,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const roleOf = async (userId: string) =>
    (await t.app.database.db.select().from(users).where(eq(users.id, userId)))[0]?.role;

  it('grant-admin and revoke-admin change the role, audited as cli', async () => {
    const user = await signedInUser(t);
    const granted = await admin('grant-admin', user.email.toUpperCase());
    expect(granted).toMatchObject({ code: 0, out: `${user.email} is now admin.` });
    expect(await roleOf(user.userId)).toBe('admin');
    const claims = (
      await t.app.inject({ url: '/api/auth/claims', headers: { cookie: user.cookie } })
    ).json();
    expect(claims.claims.role).toBe('admin');
    expect((await admin('grant-admin', user.email)).out).toBe(`${user.email} is already admin.`);
    expect((await admin('revoke-admin', user.email)).code).toBe(0);
    expect(await roleOf(user.userId)).toBe('student');
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.userId));
    expect(audit.filter((a) => a.actorEmail === 'cli').map((a) => a.action)).toEqual([
      'grant-admin',
      'revoke-admin',
    ]);
  });

  it('refuses an unknown user (1) and bad usage (2)', async () => {
    expect(await admin('grant-admin', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: 'No user with the email nobody@example.com.',
    });
    expect((await admin('grant-admin')).code).toBe(2);
    expect((await admin('grant-admin', 'not-an-email')).code).toBe(2);
    expect((await admin('launch-rockets')).err).toContain('Unknown command: launch-rockets');
    expect((await admin()).code).toBe(2);
    expect(await admin('help')).toMatchObject({ code: 0 });
    expect((await admin('set-status', 'x', 'approved')).code).toBe(2);
    expect((await admin('set-status', randomUUID(), 'paid')).code).toBe(2);
  });

  it('lists subscriptions as a table and changes a status by the staff rules', async () => {
    const user = await signedInUser(t);
    const { subscriptionId } = (await subscribe(t, user.cookie, purchaseInput())).json().result;
    const listing = await admin('subscriptions', user.email);
    expect(listing.code).toBe(0);
    const lines = listing.out.split('\n');
    expect(lines[0]).toMatch(/^id\s+status\s+plan\s+role\s+starts\s+expires$/);
    expect(lines[2]).toContain(subscriptionId);
    expect(lines[2]).toMatch(/pending\s+1 Month\s+current/);
    // Times in Manila, as the console shows them.
    expect(lines[2]).toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08:00\s+\S+\+08:00$/);

    const approved = await admin('set-status', subscriptionId, 'approved', 'Matched the wallet.');
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.out).toContain('pending → approved');
    expect((await subscriptionRow(t, subscriptionId)).status).toBe('approved');
    const [row] = (
      await t.app.database.db.select().from(auditLog).where(eq(auditLog.targetId, subscriptionId))
    ).filter((a) => a.action === 'updateSubscriptionStatus');
    expect(row).toMatchObject({
      actorUserId: null,
      actorEmail: 'cli',
      details: { from: 'pending', to: 'approved', reason: 'Matched the wallet.', via: 'cli' },
    });

    expect((await admin('set-status', subscriptionId, 'approved')).out).toContain('already');
    const refused = await admin('set-status', subscriptionId, 'pending');
    expect(refused).toMatchObject({
      code: 1,
      err: 'A subscription that is approved cannot be set to pending.',
    });
    expect((await admin('set-status', randomUUID(), 'approved')).code).toBe(1);
    expect((await admin('subscriptions', 'nobody@example.com')).code).toBe(1);
  });
});

describe('operator CLI as a process', () => {
  it('prints usage and exits 2 without a command, 1 for an unknown user', async () => {
    const env = { ...process.env, DATA_DIR: tempDataDir(), DATABASE_URL: '' };
    delete (env as Record<string, string | undefined>).DATABASE_URL;
    const script = path.join(ROOT, 'apps/server/src/cli/admin.ts');
    const none = await run(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env }).catch(
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect((none as { code: number }).code).toBe(2);
    expect((none as { stderr: string }).stderr).toContain('Usage: npm run admin');
    const unknown = await run(
      process.execPath,
      ['--import', 'tsx', script, 'grant-admin', 'nobody@example.com'],
      { cwd: ROOT, env },
    ).catch((error: { code: number; stderr: string }) => error);
    expect((unknown as { code: number }).code).toBe(1);
    expect((unknown as { stderr: string }).stderr).toContain('No user with the email');
  }, 60_000);
});
