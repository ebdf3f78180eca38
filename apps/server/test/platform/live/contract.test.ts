import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { systemClock } from '../../../src/platform/clock.ts';
import type { Database } from '../../../src/platform/db/client.ts';
import { LiveHub, perUserTopic, writeDocument } from '../../../src/platform/live/hub.ts';

/** A hub whose `users/{id}` documents are `docs[id]`, serialised with `{ id, name }`. */
function hubOver(docs: Record<string, unknown>) {
  const log = { error: vi.fn(), info: vi.fn() };
  const database = { db: {}, listen: async () => async () => {} } as unknown as Database;
  const hub = new LiveHub(database, log as unknown as FastifyBaseLogger, {
    topics: {
      users: perUserTopic(
        async (_db, id) => docs[id] ?? null,
        z.object({ id: z.string(), name: z.string() }),
      ),
    },
    sessionState: async () => ({ ended: null, endsAt: new Date(8.64e15) }),
    roleOf: async () => 'student',
    clock: systemClock,
  });
  return { hub, log };
}

describe('live documents go out as their contract serialises them', () => {
  it('leaves out what the contract does not name', async () => {
    const { hub } = hubOver({ u1: { id: 'u1', name: 'Ana', passwordHash: 'x' } });
    expect(await hub.read('users/u1')).toStrictEqual({ id: 'u1', name: 'Ana' });
  });

  it('sends null for a deleted document and for an unknown kind', async () => {
    const { hub } = hubOver({});
    expect(await hub.read('users/u1')).toBeNull();
    expect(await hub.read('secrets/u1')).toBeNull();
  });

  it('never sends a document that breaks its contract, and logs it', async () => {
    const { hub, log } = hubOver({ u1: { id: 'u1', name: 7 } });
    const data = await hub.read('users/u1');
    expect(data).toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ topic: 'users/u1' }),
      'live document breaks its contract',
    );
    const writes: string[] = [];
    const res = { write: (chunk: string) => writes.push(chunk) } as unknown as ServerResponse;
    writeDocument(res, { kind: 'change', topic: 'users/u1', version: 2, data });
    expect(writes).toEqual([]);
    writeDocument(res, { kind: 'change', topic: 'users/u1', version: 3, data: null });
    expect(writes).toEqual([
      `data: ${JSON.stringify({ kind: 'change', topic: 'users/u1', version: 3, data: null })}\n\n`,
    ]);
  });
});
