import type { Database } from '../../platform/db/client.ts';
import { upsertUserFromIdentity, type VerifiedIdentity } from '../users/repository.ts';
import { makeCurrentDevice } from './login-devices.repository.ts';
import { openSession } from './sessions.repository.ts';

/**
 * Signs a verified identity in on one device, in one transaction: the user, the device made
 * current (the database revokes other devices' sessions) and a fresh session.
 */
export async function signIn(
  db: Database,
  input: {
    identity: VerifiedIdentity;
    deviceId: string;
    deviceInfo: string;
    ttlMs: number;
    now: Date;
  },
): Promise<{ userId: string; token: string }> {
  return db.db.transaction(async (tx) => {
    const user = await upsertUserFromIdentity(tx, input.identity);
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
