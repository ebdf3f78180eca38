import { afterEach, vi } from 'vitest';

// A console.error in a test is a failure we would otherwise scroll past (STYLE.md, epic-stack).
let errors: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    spy.mockClear();
    throw new Error(`console.error was called:\n${seen.map((a) => a.join(' ')).join('\n')}`);
  }
});
