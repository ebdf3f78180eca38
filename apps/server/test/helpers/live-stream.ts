export interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads a Server-Sent Events stream over real HTTP, as EventSource would. */
export async function openLiveStream(url: string, cookie: string, topics: string[]) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/live?topics=${encodeURIComponent(topics.join(','))}`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;

  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf('\n\n');
          while (cut !== -1) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const parsed = parseBlock(block);
            if (parsed) events.push(parsed);
            cut = buffer.indexOf('\n\n');
          }
          for (const wake of waiters) wake();
        }
      } catch {
        // aborted by close()
      } finally {
        ended = true;
        for (const wake of waiters) wake();
      }
    })();
  }

  return {
    status: response.status,
    events,
    get ended() {
      return ended;
    },
    /** Resolves with the first event (from the start of the stream) that matches. */
    async waitFor(match: (event: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (ended) throw new Error(`stream ended; events: ${JSON.stringify(events)}`);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no matching event in ${timeoutMs} ms; events: ${JSON.stringify(events)}`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    async waitForEnd(timeoutMs = 5000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        if (Date.now() > deadline) throw new Error('stream did not end');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => controller.abort(),
  };
}

function parseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length === 0) return null;
  return { event, data: JSON.parse(data.join('\n')) };
}
