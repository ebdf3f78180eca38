import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy… and waitFor give a screen 5 s, not 1: on the shared two cores a fetch answered at once
// can still take a second to render (the same reason as the project's testTimeout).
configure({ asyncUtilTimeout: 5_000 });

// A console.error in a test (React's warnings included) is a failure we would otherwise scroll
// past (STYLE.md, epic-stack); the server project does the same.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

// The web project's files share a worker (isolate: false in vitest.config.ts), and a file's tests
// share its page in web-mocking too: whatever a test changed in the page is put back here, so no
// test sees another's screen, storage, address or fakes.
afterEach(() => {
  // The project runs without vitest globals, so Testing Library cannot unmount by itself.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(`console.error was called:\n${seen.map((a) => a.join(' ')).join('\n')}`);
  }
});
