import { IN_APP_FORM_SERVER_MESSAGES, MESSAGES, manilaDayKey } from '@pasado/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/modules/auth/service.ts';
import { TRIAL_EMAIL_SUBJECT } from '../../src/modules/in-app-form/trial-email.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { auditLog, subscriptions, users } from '../../src/platform/db/schema.ts';
import { DAY } from '../helpers/durations.ts';
import { ensureOffered } from '../helpers/offer-track.ts';
import {
  callApi,
  callFunction,
  freePort,
  signedInUser,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { parseMail, startSmtpSink } from './smtp-sink.ts';

const APP_LINK = 'https://pasado.example/get-app';
let ipCounter = 0;
/** Each test calls from its own client IP, so the per-IP rate limits of one test stay its own. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function call(
  t: TestApp,
  name: string,
  data: unknown,
  options: { ip?: string; origin?: string | null; cookie?: string } = {},
) {
  const origin = options.origin === undefined ? t.origin : options.origin;
  return t.app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    remoteAddress: options.ip ?? nextIp(),
    headers: {
      ...(origin ? { origin } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: { data },
  });
}

const form = (email: string) => ({ firstName: 'Maria', lastName: 'Santos', email });

describe.each(ENGINES)('in-app free-trial form on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp(engine, { SMTP_URL: smtp.url, APP_DOWNLOAD_URL: APP_LINK });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => t.app.database.db;
  const userByEmail = async (email: string) =>
    (await db().select().from(users).where(eq(users.email, email)))[0];

  it('without a session: creates the pending account, with no trial running yet, and emails the link', async () => {
    const res = await call(t, 'submitInAppForm', {
      firstName: ' Maria ',
      lastName: 'Santos',
      email: '  Maria.Santos@Example.COM ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: { isSuccess: true, message: IN_APP_FORM_SERVER_MESSAGES.SUCCESS },
    });

    const user = await userByEmail('maria.santos@example.com');
    // The form's name is private (only what onboarding suggests from); the trial starts at onboarding.
    expect(user).toMatchObject({
      displayName: null,
      providerName: 'Maria Santos',
      knowFrom: 'in-app-form',
      isOnboarded: false,
      oidcSubject: null,
      role: 'student',
      currentSubscriptionId: null,
    });
    if (!user) throw new Error('no user');
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subs).toEqual([]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit.map((a) => a.action)).toEqual(['submitInAppForm']);

    const mail = smtp.received.find((m) => m.to.includes('maria.santos@example.com'));
    expect(mail?.to).toEqual(['maria.santos@example.com']);
    expect(mail?.from).toBe('no-reply@pasado.ph');
    const parsed = parseMail(mail?.raw ?? '');
    expect(parsed.header('Subject')).toBe(TRIAL_EMAIL_SUBJECT);
    expect(parsed.header('From')).toBe('Pasado <no-reply@pasado.ph>');
    expect(parsed.text).toContain(APP_LINK);
    expect(parsed.text).toContain(`href="${APP_LINK}"`);
    expect(parsed.text).toContain('Hi Maria,');
    expect(parsed.text).toContain('Your 3 days start when you first sign in and choose your exam.');
    expect(parsed.text).not.toMatch(/ends/);
  });

  it('the first sign-in with that email links the pending account', async () => {
    const email = 'linked.later@example.com';
    expect((await call(t, 'submitInAppForm', form(email))).json().result.isSuccess).toBe(true);
    const pending = await userByEmail(email);
    const { userId } = await signIn(t.app.database.db, {
      identity: {
        issuer: 'https://issuer.test',
        subject: 'sub-linked',
        email,
        emailVerified: true,
        name: 'Google Name',
      },
      deviceId: 'device-linked',
      deviceInfo: 'vitest',
      ttlMs: 60_000,
      now: new Date(),
    });
    expect(userId).toBe(pending?.id);
    // The provider's name (the owner's) replaces the one typed in the form.
    expect(await userByEmail(email)).toMatchObject({
      oidcSubject: 'sub-linked',
      displayName: null,
      providerName: 'Google Name',
    });
  });

  it.each([
    [{ firstName: '', lastName: 'Santos', email: 'a@b.co' }, MESSAGES.ALL_FIELDS_REQUIRED],
    [{ firstName: 'Maria', lastName: '   ', email: 'a@b.co' }, MESSAGES.ALL_FIELDS_REQUIRED],
    [{ firstName: 'Maria', lastName: 'Santos', email: '' }, MESSAGES.ALL_FIELDS_REQUIRED],
    [{ firstName: '', lastName: '', email: 'nope' }, MESSAGES.ALL_FIELDS_REQUIRED],
    [{ firstName: 'Maria', lastName: 'Santos', email: 'maria@example' }, MESSAGES.INVALID_EMAIL],
    [
      { firstName: 'Maria', lastName: 'Santos', email: 'maria example.com' },
      MESSAGES.INVALID_EMAIL,
    ],
  ])('refuses %o with the spec message and writes nothing', async (data, message) => {
    const usersBefore = (await db().select().from(users)).length;
    const mailsBefore = smtp.received.length;
    const res = await call(t, 'submitInAppForm', data);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { isSuccess: false, message } });
    expect((await db().select().from(users)).length).toBe(usersBefore);
    expect(smtp.received.length).toBe(mailsBefore);
  });

  it('refuses a malformed call with INVALID_ARGUMENT', async () => {
    const missing = await call(t, 'submitInAppForm', { firstName: 'Maria' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.status).toBe('INVALID_ARGUMENT');
    const extra = await call(t, 'submitInAppForm', { ...form('x@y.co'), role: 'admin' });
    expect(extra.statusCode).toBe(400);
    const visitWithData = await call(t, 'incrementInAppFormVisit', { n: 5 });
    expect(visitWithData.statusCode).toBe(400);
  });

  it('an email that already has an account is refused with the server message', async () => {
    const { email } = await signedInUser(t, { email: 'already.here@example.com' });
    const res = await call(t, 'submitInAppForm', form(` ${email.toUpperCase()} `));
    expect(res.json()).toEqual({
      result: { isSuccess: false, message: IN_APP_FORM_SERVER_MESSAGES.ACCOUNT_EXISTS },
    });
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);

    const first = await call(t, 'submitInAppForm', form('twice@example.com'));
    expect(first.json().result.isSuccess).toBe(true);
    const second = await call(t, 'submitInAppForm', form('Twice@Example.com'));
    expect(second.json().result).toEqual({
      isSuccess: false,
      message: IN_APP_FORM_SERVER_MESSAGES.ACCOUNT_EXISTS,
    });
    expect(smtp.received.filter((m) => m.to.includes('twice@example.com'))).toHaveLength(1);
  });

  it('two submits of one email at once make one account and one email', async () => {
    const email = 'double.tap@example.com';
    const results = await Promise.all([
      call(t, 'submitInAppForm', form(email)),
      call(t, 'submitInAppForm', form(email)),
    ]);
    expect(results.map((r) => r.json().result.isSuccess).sort()).toEqual([false, true]);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('refuses a call from another origin or without one', async () => {
    const evil = await call(t, 'submitInAppForm', form('evil@example.com'), {
      origin: 'https://evil.example',
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error.status).toBe('PERMISSION_DENIED');
    const none = await call(t, 'incrementInAppFormVisit', {}, { origin: null });
    expect(none.statusCode).toBe(403);
    expect(await userByEmail('evil@example.com')).toBeUndefined();
  });

  it('works the same for a caller who happens to have a session', async () => {
    const { cookie } = await signedInUser(t);
    const res = await call(t, 'incrementInAppFormVisit', {}, { cookie });
    expect(res.json()).toEqual({ result: { success: true } });
  });

  it('the session-bound functions still need a session', async () => {
    const res = await call(t, 'getServerTime', {});
    expect(res.statusCode).toBe(401);
  });

  it('incrementInAppFormVisit counts the visits of the day', async () => {
    const today = manilaDayKey(new Date());
    const visits = async () =>
      (
        await t.app.database.db.query.inAppFormVisits.findFirst({
          where: (v, { eq: equals }) => equals(v.day, today),
        })
      )?.visits ?? 0;
    const before = await visits();
    const answers = await Promise.all([1, 2, 3].map(() => call(t, 'incrementInAppFormVisit', {})));
    for (const res of answers) expect(res.json()).toEqual({ result: { success: true } });
    expect(await visits()).toBe(before + 3);
  });

  it('rate limits submits per client IP (5 per 10 minutes)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await call(t, 'submitInAppForm', form('not-an-email'), { ip });
      expect(res.statusCode).toBe(200);
    }
    const limited = await call(t, 'submitInAppForm', form('limited@example.com'), { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.status).toBe('RESOURCE_EXHAUSTED');
    expect(await userByEmail('limited@example.com')).toBeUndefined();
    // Another client is not affected.
    const other = await call(t, 'submitInAppForm', form('other.client@example.com'));
    expect(other.json().result.isSuccess).toBe(true);
  });

  it('rate limits visits per client IP (60 per minute)', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      codes.push((await call(t, 'incrementInAppFormVisit', {}, { ip })).statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(60);
    expect(codes.at(-1)).toBe(429);
  });
});

describe.each(ENGINES)('in-app free-trial form with the SMTP server down, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nobody listens on: the connection is refused.
    t = await startTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => t.close());

  it('answers isSuccess false, keeps no account, and a retry is not refused as a duplicate', async () => {
    const email = 'smtp.down@example.com';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await call(t, 'submitInAppForm', form(email));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        result: { isSuccess: false, message: IN_APP_FORM_SERVER_MESSAGES.MAIL_FAILED },
      });
    }
    const db = t.app.database.db;
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await db.select().from(subscriptions)).toEqual([]);
    // The audit log is append-only: it keeps what was tried and undone.
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, email))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.details])).toEqual([
      ['submitInAppForm', expect.any(Object)],
      ['submitInAppForm.mailFailed', { accountRemoved: true }],
      ['submitInAppForm', expect.any(Object)],
      ['submitInAppForm.mailFailed', { accountRemoved: true }],
    ]);
  });
});

/**
 * The form is public: anyone can type anyone's email. What it makes must not spend or shape the
 * owner's account before the owner signs in (docs/product.md#in-app-form, #display-names).
 */
describe.each(ENGINES)('in-app form account, claimed later by its owner, on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const clock = new ManualClock();
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp(engine, { SMTP_URL: smtp.url }, { clock });
    await ensureOffered(t.app.database.db, 'let-elem');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The owner's first sign-in (the provider vouches for the email), as the app's clock reads. */
  async function ownerSignsIn(email: string, name: string | null) {
    const { token } = await signIn(t.app.database.db, {
      identity: {
        issuer: 'https://issuer.test',
        subject: `sub-${email}`,
        email,
        emailVerified: true,
        name,
      },
      deviceId: `device-${email}`,
      deviceInfo: 'vitest',
      ttlMs: 30 * DAY,
      now: clock.now(),
    });
    return `pasado_session=${token}`;
  }
  const me = async (cookie: string) => (await callApi(t, cookie, 'GET', '/api/me')).json();

  it('a form sent for someone else days ago still leaves the owner a full 3-day trial', async () => {
    const email = 'victim@example.com';
    const sent = await call(t, 'submitInAppForm', { firstName: 'Some', lastName: 'One', email });
    expect(sent.json().result.isSuccess).toBe(true);
    clock.advance(3 * DAY + 60_000);

    const cookie = await ownerSignsIn(email, 'Victoria Cruz');
    const onboarded = await callFunction(t, cookie, 'applyRevAccess', {
      knowFrom: 'Other',
      reviewer: 'let-elem',
    });
    expect(onboarded.json()).toEqual({ result: { success: true, freeTrialStarted: true } });
    const { subscription } = await me(cookie);
    const trial = (await callApi(t, cookie, 'GET', `/api/subscriptions/${subscription.id}`)).json();
    expect(trial).toMatchObject({ isFreeTrial: true, status: 'completed' });
    expect(Date.parse(trial.expiryDate)).toBe(clock.nowMs() + 3 * DAY);

    // One trial per account: onboarding again (a track switch) starts none.
    const again = await callFunction(t, cookie, 'applyRevAccess', {
      knowFrom: 'Other',
      reviewer: 'let-elem',
    });
    expect(again.json()).toEqual({ result: { success: true, freeTrialStarted: false } });
  });

  it("the form's name is never public: at most a suggestion that passes the display-name rule", async () => {
    const email = 'named.by.form@example.com';
    const form = { firstName: 'Call09171234567', lastName: 'Admin', email };
    expect((await call(t, 'submitInAppForm', form)).json().result.isSuccess).toBe(true);

    const cookie = await ownerSignsIn(email, null);
    expect(await me(cookie)).toMatchObject({ displayName: null, nameSuggestion: null });
    await callFunction(t, cookie, 'applyRevAccess', { knowFrom: 'Other', reviewer: 'let-elem' });
    // Left empty at onboarding, the student is "Student" to others, as the hint says.
    expect(await me(cookie)).toMatchObject({ displayName: null, isOnboarded: true });
  });

  it('a name that passes is offered at onboarding when the provider gives none', async () => {
    const email = 'maria.form@example.com';
    const form = { firstName: 'Maria', lastName: 'Santos', email };
    expect((await call(t, 'submitInAppForm', form)).json().result.isSuccess).toBe(true);
    const cookie = await ownerSignsIn(email, null);
    expect(await me(cookie)).toMatchObject({ displayName: null, nameSuggestion: 'Maria' });
  });
});
