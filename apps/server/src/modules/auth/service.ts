import {
  type LoginDevicesDoc,
  loginDevicesDocSchema,
  manilaDayStart,
  SESSION_LOG_LIMITS,
  SESSION_LOG_MESSAGES,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { perUserTopic } from '../../platform/live/hub.ts';
import type { LiveSession } from '../../platform/session.ts';
import { lockUser, upsertUserFromIdentity, type VerifiedIdentity } from '../users/repository.ts';
import { getLoginDevicesDoc, makeCurrentDevice } from './login-devices.repository.ts';
import { type createRelyingParty, OidcLoginError } from './oidc/relying-party.ts';
import {
  addSessionLog,
  countSessionLogsSince,
  deleteSessionLogsBefore,
} from './session-logs.repository.ts';
import type { SessionCache } from './session-plugin.ts';
import { openSession, revokeSession } from './sessions.repository.ts';

type RelyingParty = ReturnType<typeof createRelyingParty>;

/**
 * Signs a verified identity in on one device, in one transaction: the user, the device made
 * current (the database revokes other devices' sessions) and a fresh session. A first sign-in
 * with an email the provider has not verified is refused (OidcLoginError email_unverified).
 */
export async function signIn(
  db: Db,
  input: {
    identity: VerifiedIdentity;
    deviceId: string;
    deviceInfo: string;
    ttlMs: number;
    now: Date;
  },
): Promise<{ userId: string; token: string }> {
  return db.transaction(async (tx) => {
    const user = await upsertUserFromIdentity(tx, input.identity);
    if (!user) throw new OidcLoginError('email_unverified');
    await makeCurrentDevice(tx, {
      userId: user.id,
      deviceId: input.deviceId,
      deviceInfo: input.deviceInfo,
    });
    const token = await openSession(tx, {
      userId: user.id,
      deviceId: input.deviceId,
      ttlMs: input.ttlMs,
      now: input.now,
    });
    return { userId: user.id, token };
  });
}

/**
 * The end of the sign-in popup (ARCHITECTURE.md "Sign-in"): the provider's answer is verified
 * against what the login started with, then the identity is signed in on the login's device.
 * Throws OidcLoginError or AppError with a message fit for the user.
 */
export async function finishProviderSignIn(
  db: Db,
  deps: { relyingParty: RelyingParty; sessionCache: SessionCache },
  input: {
    callbackUrl: URL;
    pending: { state: string; nonce: string; codeVerifier: string; deviceId: string };
    deviceInfo: string;
    ttlMs: number;
    now: Date;
  },
): Promise<{ token: string }> {
  const identity = await deps.relyingParty.finishLogin(input.callbackUrl, input.pending);
  const { token, userId } = await signIn(db, {
    identity: {
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      emailVerified: identity.emailVerified,
      name: identity.name,
    },
    deviceId: input.pending.deviceId,
    deviceInfo: input.deviceInfo,
    ttlMs: input.ttlMs,
    now: input.now,
  });
  // The database revoked this user's other sessions; this process stops honouring them now,
  // the others when the sessions/{uid} notice reaches them.
  deps.sessionCache.forgetUser(userId);
  return { token };
}

/** Ends this session everywhere: the database first, then this process's cache. */
export async function signOut(
  db: Db,
  sessionCache: SessionCache,
  session: LiveSession,
  now: Date,
): Promise<void> {
  await revokeSession(db, session.tokenHash, 'signed-out', now);
  sessionCache.forgetUser(session.userId);
}

/** GET /api/me/devices: the login_devices/{uid} document (docs/product.md#entities). */
export async function loginDevicesOf(db: Db, userId: string): Promise<LoginDevicesDoc> {
  const doc = await getLoginDevicesDoc(db, userId);
  if (!doc) throw notFound('No device record.');
  return doc;
}

/** The live stream's `login_devices/{uid}` topic: the user's own device list. */
export const loginDevicesTopic = perUserTopic(getLoginDevicesDoc, loginDevicesDocSchema);

/**
 * Keeps a client-side session event for support (docs/product.md#server-functions addSessionLog; first-party analytics),
 * up to core's `SESSION_LOG_LIMITS.perDay` a Manila day per student (issue 21 finding 5); the
 * payload's shape and size are the contract's. Kept `retentionDays`, then swept. The count and
 * the insert run under the user's lock: requests sent at once each counted the day before any
 * was written, and all passed the cap.
 */
export async function keepSessionLog(
  db: Db,
  userId: string,
  input: { type: string; payload: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const today = await countSessionLogsSince(tx, userId, manilaDayStart(now));
    if (today >= SESSION_LOG_LIMITS.perDay) {
      throw new AppError('RESOURCE_EXHAUSTED', SESSION_LOG_MESSAGES.dailyCap);
    }
    await addSessionLog(tx, { userId, type: input.type, payload: input.payload, createdAt: now });
  });
}

/** Deletes the session logs past their retention period; returns how many went. */
export async function sweepSessionLogs(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SESSION_LOG_LIMITS.retentionDays * 24 * 60 * 60_000);
  return deleteSessionLogsBefore(db, cutoff);
}
