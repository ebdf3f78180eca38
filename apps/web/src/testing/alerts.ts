import { vi } from 'vitest';

/**
 * The blocking alerts the screen shows (lib/notify.ts calls window.alert, which a DOM emulation
 * does not draw), in order, so a test can assert the exact words as the browser tests do.
 */
export function recordAlerts(): string[] {
  const seen: string[] = [];
  vi.stubGlobal('alert', (message: string) => {
    seen.push(message);
  });
  return seen;
}
