import { createHash, randomBytes } from 'node:crypto';
import { and, eq, exists, gt, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { sessions } from '../../platform/db/schema.ts';
import { announce, topics } from '../../platform/live/topics.ts';

export type RevokeReason = 'signed-out' | 'other-device' | 'rotated';

/** The cookie carries the token; the database only ever sees its hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens a session on the user's current device. Any live session of the same device is rotated
 * out first, so a sign-in always issues a fresh id (session fixation).
 */
export async function openSession(
  ex: Executor,
  input: { userId: string; deviceId: string; ttlMs: number; now: Date },
): Promise<string> {
  await ex
    .update(sessions)
    .set({ revokedAt: input.now, revokedReason: 'rotated' })
    .where(and(eq(sessions.userId, input.userId), isNull(sessions.revokedAt)));
  const token = randomBytes(32).toString('base64url');
  await ex.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    deviceId: input.deviceId,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    lastSeenAt: input.now,
  });
  await announce(ex, topics.sessions(input.userId));
  return token;
}

/** What makes a session live: not revoked, not expired, used since `idleSince`. */
export function isLiveSession(values: {
  tokenHash: SQLWrapper;
  now: SQLWrapper;
  idleSince: SQLWrapper;
}) {
  return and(
    eq(sessions.tokenHash, values.tokenHash),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`${values.now}::timestamptz`),
    gt(sessions.lastSeenAt, sql`${values.idleSince}::timestamptz`),
  );
}

/**
 * The session check as a condition another statement can carry (issue 10: an answer save checks
 * the session it was sent with in its own write, ADR 021). The values are placeholders or SQL.
 */
export function liveSessionExists(
  ex: Executor,
  values: { tokenHash: SQLWrapper; now: SQLWrapper; idleSince: SQLWrapper },
) {
  return exists(ex.select({ live: sql`1` }).from(sessions).where(isLiveSession(values)));
}

/** Marks the session used now (its idle timeout counts from here). */
export async function markSessionSeen(ex: Executor, tokenHash: string, now: Date): Promise<void> {
  await ex.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Why a session is no longer live; while it is, when it ends if nobody uses it meanwhile (its
 * idle limit or its lifetime, whichever comes first).
 */
export type SessionState =
  | { ended: RevokeReason | 'expired' | 'unknown' }
  | { ended: null; endsAt: Date };

export async function sessionState(
  ex: Executor,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<SessionState> {
  const [row] = await ex
    .select({
      revokedReason: sessions.revokedReason,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return { ended: 'unknown' };
  if (row.revokedAt) return { ended: row.revokedReason ?? 'signed-out' };
  const idleEndMs = row.lastSeenAt.getTime() + idleMs;
  const endsAtMs = Math.min(row.expiresAt.getTime(), idleEndMs);
  if (endsAtMs <= now.getTime()) return { ended: 'expired' };
  return { ended: null, endsAt: new Date(endsAtMs) };
}

export async function revokeSession(
  ex: Executor,
  tokenHash: string,
  reason: RevokeReason,
  now: Date,
): Promise<void> {
  const [row] = await ex
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  if (row) await announce(ex, topics.sessions(row.userId));
}
