import type { LoginDevicesDoc } from '@pasado/core';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { loginDeviceEntries, loginDevices } from '../../platform/db/schema.ts';
import { announce, topics } from '../../platform/live/topics.ts';

/**
 * Makes `deviceId` the user's current device (docs/product.md#single-device one active device per login). The database
 * trigger on login_devices revokes the sessions of every other device in the same transaction.
 */
export async function makeCurrentDevice(
  ex: Executor,
  input: { userId: string; deviceId: string; deviceInfo: string },
): Promise<void> {
  const [row] = await ex
    .insert(loginDevices)
    .values({ userId: input.userId, currentDeviceUsed: input.deviceId })
    .onConflictDoUpdate({
      target: loginDevices.userId,
      set: {
        currentDeviceUsed: input.deviceId,
        updatedAt: sql`now()`,
        version: sql`${loginDevices.version} + 1`,
      },
    })
    .returning({ version: loginDevices.version });

  // Deactivate first: the partial unique index allows one active entry per user.
  await ex
    .update(loginDeviceEntries)
    .set({ isActive: false })
    .where(
      and(
        eq(loginDeviceEntries.userId, input.userId),
        ne(loginDeviceEntries.deviceId, input.deviceId),
      ),
    );
  await ex
    .insert(loginDeviceEntries)
    .values({
      userId: input.userId,
      deviceId: input.deviceId,
      deviceInfo: input.deviceInfo,
      isActive: true,
    })
    .onConflictDoUpdate({
      target: [loginDeviceEntries.userId, loginDeviceEntries.deviceId],
      set: { isActive: true, deviceInfo: input.deviceInfo, lastSignInAt: sql`now()` },
    });

  await announce(ex, topics.loginDevices(input.userId), row?.version);
}

/** The login_devices/{uid} document (docs/product.md#entities). */
export async function getLoginDevicesDoc(
  ex: Executor,
  userId: string,
): Promise<LoginDevicesDoc | null> {
  const [head] = await ex.select().from(loginDevices).where(eq(loginDevices.userId, userId));
  if (!head) return null;
  const entries = await ex
    .select()
    .from(loginDeviceEntries)
    .where(eq(loginDeviceEntries.userId, userId))
    .orderBy(asc(loginDeviceEntries.createdAt));
  return {
    userId,
    currentDeviceUsed: head.currentDeviceUsed,
    devices: entries.map((e) => ({
      userDeviceID: e.deviceId,
      deviceInfo: e.deviceInfo,
      createdAt: e.createdAt.toISOString(),
      isActive: e.isActive,
    })),
  };
}
