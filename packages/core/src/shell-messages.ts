/**
 * The texts of /login's first load: the app shell, the route guard and sign-in (docs/product.md#screens, #errors;
 * copied to the letter). A module of their own: a bundler keeps a module whole, so /login's first load
 * carries these few and not every text of messages.ts (whose MESSAGES includes them).
 */
export const SHELL_MESSAGES = {
  SUBSCRIPTION_EXPIRED: 'Your current subscription has expired!',
  LOGIN_ERROR: 'Error while trying to log in. Please try again.',
  // docs/product.md#session-ui-state
  PLEASE_WAIT: 'Please wait...',
  // docs/product.md#app-shell
  OFFLINE: 'You are offline. Some functionalities will not work.',
  LOADING_APP: 'Loading App',
  // docs/product.md#subscription-banner
  freeTrialEnds: (date: string): string => `Free trial ends ${date}.`,
} as const;
