import { MESSAGES } from './messages.ts';

/** Screen-load state enumeration (docs/product.md#states). */
export const SCREEN_LOAD = {
  INITIALIZING: 1,
  READY: 2,
  WAITING: 3,
  SUCCESS: 4,
  ERROR: 5,
  EMPTY: 6,
  OFFLINE: 7,
  TRANSITIONING: 8,
} as const;
export type ScreenLoad = (typeof SCREEN_LOAD)[keyof typeof SCREEN_LOAD];

/** Session UI state (docs/product.md#states). */
export type SessionUiState =
  | 'initializing'
  | 'waiting'
  | 'transitioning'
  | 'ready'
  | 'success'
  | 'error';

/**
 * The text a session UI state shows (docs/product.md#session-ui-state): waiting 'Please wait...',
 * transitioning 'Transitioning...', success 'Completed'; the others show none.
 */
export function sessionUiText(state: SessionUiState): string | null {
  switch (state) {
    case 'waiting':
      return MESSAGES.PLEASE_WAIT;
    case 'transitioning':
      return MESSAGES.TRANSITIONING;
    case 'success':
      return MESSAGES.COMPLETED;
    default:
      return null;
  }
}

/** Success and error return to ready after SESSION_TOAST_RESET_MS (docs/product.md#session-ui-state, #constants). */
export function settlesToReady(state: SessionUiState): boolean {
  return state === 'success' || state === 'error';
}
