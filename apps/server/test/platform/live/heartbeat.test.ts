import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../src/platform/clock.ts';
import type { Database } from '../../../src/platform/db/client.ts';
import { HEARTBEAT_MS, LiveHub } from '../../../src/platform/live/hub.ts';

describe('live hub heartbeat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a comment line to every stream at least every 25 s (docs/product.md#system)', async () => {
    vi.useFakeTimers();
    expect(HEARTBEAT_MS).toBeLessThanOrEqual(25_000);
    const database = { listen: async () => async () => {} } as unknown as Database;
    const hub = new LiveHub(database, { error: vi.fn() } as unknown as FastifyBaseLogger, {
      topics: {},
      sessionState: async () => ({ ended: null, endsAt: new Date(8.64e15) }),
      roleOf: async () => 'student',
      clock: systemClock,
    });
    await hub.start();
    const writes: string[] = [];
    const res = {
      write: (chunk: string) => writes.push(chunk),
      end: vi.fn(),
    } as unknown as ServerResponse;
    const connection = { userId: 'u1', sessionTokenHash: 'h', topics: ['users/u1'], res };
    hub.add(connection);
    expect(hub.size).toBe(1);

    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual([': heartbeat\n\n']);

    hub.remove(connection);
    expect(hub.size).toBe(0);
    await hub.stop();
  });
});
