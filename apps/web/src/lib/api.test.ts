import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api.ts';

/** A reply whose headers arrive and whose body then stalls, ended only by the request's signal. */
function stalledReply(_input: RequestInfo | URL, init: RequestInit = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"item":'));
      init.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
    },
  });
  return Promise.resolve(
    new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('apiFetch (lib/api.ts)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('times out a reply whose body stalls after its headers', async () => {
    vi.stubGlobal('fetch', vi.fn(stalledReply));
    await expect(apiFetch('/api/anything', { timeoutMs: 50 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('hands over the whole reply: its status, headers and body, and no body where none may be', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/empty')
          ? new Response(null, { status: 204 })
          : new Response('{"ok":true}', {
              status: 201,
              statusText: 'Created',
              headers: { ETag: '"v1"' },
            }),
      ),
    );
    const created = await apiFetch('/api/thing');
    expect([created.status, created.statusText, created.headers.get('ETag')]).toEqual([
      201,
      'Created',
      '"v1"',
    ]);
    expect(await created.json()).toEqual({ ok: true });
    expect((await apiFetch('/api/empty')).status).toBe(204);
  });
});
