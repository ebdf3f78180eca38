import { eq, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import { sessions, users } from '../../platform/db/schema.ts';
import type { LiveSession } from '../../platform/session.ts';
import { hashToken, isLiveSession, markSessionSeen } from './sessions.repository.ts';

// A session with who it belongs to: the auth module's session joined with the users module's row
// (email and role), so a read model of auth, the module above users.

const liveSessionQuery = preparedFor((ex) =>
  ex
    .select({
      tokenHash: sessions.tokenHash,
      userId: sessions.userId,
      deviceId: sessions.deviceId,
      email: users.email,
      role: users.role,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      isLiveSession({
        tokenHash: sql.placeholder('tokenHash'),
        now: sql.placeholder('now'),
        idleSince: sql.placeholder('idleSince'),
      }),
    )
    .prepare('find_live_session'),
);

/** How often a session's last use is written: an idle timeout of days needs no finer mark. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The live session behind a token hash — not revoked, not expired, used within `idleMs` — and
 * when it ends if left idle (what the session cache keeps). A session last marked more than an
 * hour ago is marked now.
 */
export async function findLiveSessionByHash(
  ex: Executor,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<{ session: LiveSession; expiresAt: Date } | null> {
  const idleSince = new Date(now.getTime() - idleMs).toISOString();
  const [row] = await liveSessionQuery(ex).execute({
    tokenHash,
    now: now.toISOString(),
    idleSince,
  });
  if (!row) return null;
  const { expiresAt, lastSeenAt, ...session } = row;
  let seen = lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await markSessionSeen(ex, tokenHash, now);
    seen = now;
  }
  const idleEnd = new Date(seen.getTime() + idleMs);
  return { session, expiresAt: idleEnd < expiresAt ? idleEnd : expiresAt };
}

/** The live session behind a cookie token, with who it belongs to. */
export async function findLiveSession(
  ex: Executor,
  token: string,
  now: Date,
  idleMs: number,
): Promise<LiveSession | null> {
  return (await findLiveSessionByHash(ex, hashToken(token), now, idleMs))?.session ?? null;
}
