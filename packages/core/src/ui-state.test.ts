import { describe, expect, it } from 'vitest';
import { SCREEN_LOAD, type SessionUiState, sessionUiText, settlesToReady } from './ui-state.ts';

describe('SCREEN_LOAD (docs/product.md#states)', () => {
  it.each([
    ['INITIALIZING', 1],
    ['READY', 2],
    ['WAITING', 3],
    ['SUCCESS', 4],
    ['ERROR', 5],
    ['EMPTY', 6],
    ['OFFLINE', 7],
    ['TRANSITIONING', 8],
  ] as const)('%s = %i', (key, value) => {
    expect(SCREEN_LOAD[key]).toBe(value);
  });
});

describe('session UI state (docs/product.md#states)', () => {
  it.each<[SessionUiState, string | null, boolean]>([
    ['initializing', null, false],
    ['waiting', 'Please wait...', false],
    ['transitioning', 'Transitioning...', false],
    ['ready', null, false],
    ['success', 'Completed', true],
    ['error', null, true],
  ])('%s shows %j, settles to ready: %s', (state, text, settles) => {
    expect(sessionUiText(state)).toBe(text);
    expect(settlesToReady(state)).toBe(settles);
  });
});
