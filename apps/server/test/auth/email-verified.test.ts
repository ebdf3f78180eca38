import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  createRelyingParty,
  VerifiedIdentity,
} from '../../src/modules/auth/oidc/relying-party.ts';
import { finishProviderSignIn, signIn } from '../../src/modules/auth/service.ts';
import { sessionCacheOf } from '../../src/modules/auth/session-plugin.ts';
import { insertPendingUser } from '../../src/modules/users/repository.ts';
import { users } from '../../src/platform/db/schema.ts';
import { appWithLockHolder } from '../helpers/lock-holder.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

/**
 * The provider's email_verified decides whether a first sign-in may link an account by email or
 * create one (docs/product.md#sign-in). Before, it was dropped: an identity whose email anyone
 * could have typed took over the in-app form's pending account, or claimed the email for a new
 * user and locked its owner out.
 */

const ISSUER = 'https://issuer.test';
const UNVERIFIED =
  'The sign-in provider has not verified this email address. Verify it there, then sign in again.';

/** The provider's answer, as the relying party would return it once checked. */
function providerSays(identity: VerifiedIdentity): ReturnType<typeof createRelyingParty> {
  return {
    startLogin: () => Promise.reject(new Error('not used')),
    finishLogin: () => Promise.resolve(identity),
  };
}

describe.each(ENGINES)('a first sign-in and email_verified on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const userByEmail = async (email: string) =>
    (await db().select().from(users).where(eq(users.email, email)))[0];
  const finish = (identity: VerifiedIdentity, deviceId = `device-${identity.subject}`) =>
    finishProviderSignIn(
      db(),
      { relyingParty: providerSays(identity), sessionCache: sessionCacheOf(t.app) },
      {
        callbackUrl: new URL('https://pasado.test/api/auth/callback?code=x&state=y'),
        pending: { state: 'y', nonce: 'n', codeVerifier: 'v', deviceId },
        deviceInfo: 'vitest',
        ttlMs: 60_000,
        now: t.app.clock.now(),
      },
    );

  it('an unverified email does not take over the pending account the in-app form made', async () => {
    const email = 'pending.owner@example.com';
    const pending = await insertPendingUser(db(), {
      email,
      formName: 'Maria Santos',
      knowFrom: 'in-app-form',
    });
    await expect(
      finish({ issuer: ISSUER, subject: 'intruder', email, emailVerified: false, name: null }),
    ).rejects.toMatchObject({
      name: 'OidcLoginError',
      code: 'email_unverified',
      message: UNVERIFIED,
    });
    expect(await userByEmail(email)).toMatchObject({ id: pending?.id, oidcSubject: null });

    // The owner, verified by the provider, still links it.
    await finish({ issuer: ISSUER, subject: 'owner', email, emailVerified: true, name: null });
    expect(await userByEmail(email)).toMatchObject({ id: pending?.id, oidcSubject: 'owner' });
  });

  it('an unverified email creates no user, so its owner can still sign up', async () => {
    const email = 'not.yet.here@example.com';
    await expect(
      finish({ issuer: ISSUER, subject: 'squatter', email, emailVerified: false, name: null }),
    ).rejects.toMatchObject({ code: 'email_unverified' });
    expect(await userByEmail(email)).toBeUndefined();

    await finish({ issuer: ISSUER, subject: 'real.owner', email, emailVerified: true, name: null });
    expect(await userByEmail(email)).toMatchObject({ oidcSubject: 'real.owner' });
  });

  it('an identity already linked signs in whatever its email claim says now', async () => {
    const email = 'linked.before@example.com';
    await finish({ issuer: ISSUER, subject: 'linked', email, emailVerified: true, name: null });
    await expect(
      finish({ issuer: ISSUER, subject: 'linked', email, emailVerified: false, name: null }),
    ).resolves.toMatchObject({ token: expect.any(String) });
  });
});

// Two first sign-ins with one email but different subjects, both past the read that found the
// account unlinked: the second UPDATE overwrote the first's link. The interleaving is forced:
// another connection holds the account's row while both sign-ins arrive.
describe.runIf(ENGINES.includes('postgres'))(
  'two links of one account at once, on postgres',
  () => {
    const { app, holder } = appWithLockHolder();

    it('keep the first link and refuse the second', async () => {
      const t = app();
      const email = 'raced@example.com';
      const pending = await insertPendingUser(t.app.database.db, {
        email,
        formName: 'Raced',
        knowFrom: 'in-app-form',
      });
      await holder.hold('select id from users where id = $1 for update', [pending?.id]);
      const attempts = ['first', 'second'].map((subject) =>
        signIn(t.app.database.db, {
          identity: { issuer: ISSUER, subject, email, emailVerified: true, name: null },
          deviceId: `device-raced-${subject}`,
          deviceInfo: 'vitest',
          ttlMs: 60_000,
          now: new Date(),
        }).then(
          () => 'signed in',
          (error: Error) => error.message,
        ),
      );
      await expect.poll(() => holder.waiting()).toBe(2);
      await holder.release();
      const outcomes = await Promise.all(attempts);
      expect([...outcomes].sort()).toEqual([
        'This email already belongs to another sign-in.',
        'signed in',
      ]);
      const [row] = await t.app.database.db.select().from(users).where(eq(users.email, email));
      const winner = outcomes[0] === 'signed in' ? 'first' : 'second';
      expect(row?.oidcSubject).toBe(winner);
    });
  },
);
