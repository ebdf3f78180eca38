/** Every route of the app (docs/product.md#screens; /admin from docs/product.md#staff). */
export const PATHS = {
  root: '/',
  login: '/login',
  logout: '/logout',
  dashboard: '/dashboard',
  notFound: '/not-found',
  unauthorized: '/unauthorized',
  error: '/error',
  onboarding: '/onboarding',
  quiz: '/quiz',
  /** What quiz home's readiness means (issue 23 item 3). */
  quizReadiness: '/quiz/readiness',
  study: '/study',
  tasks: '/tasks',
  leaderboard: '/leaderboard',
  account: '/account',
  admin: '/admin',
  suspended: '/subscription/suspended',
  revoked: '/subscription/revoked',
  noSubscription: '/subscription/no-subscription',
  invalidSubscription: '/subscription/invalid-subscription',
  purchase: '/subscription/purchase',
} as const;
export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/** The bottom menu's 5 tabs, in order (docs/product.md#app-shell). */
export const MENU_TABS = [
  { label: 'Quiz', path: '/quiz' },
  { label: 'Study', path: '/study' },
  { label: 'Tasks', path: '/tasks' },
  { label: 'Leaderboard', path: '/leaderboard' },
  { label: 'Account', path: '/account' },
] as const;

/** The screens that never show the full-screen 'Loading App' overlay (docs/product.md#screens: onboarding, purchase). */
const PATHS_WITHOUT_OVERLAY: ReadonlySet<string> = new Set([PATHS.onboarding, PATHS.purchase]);

/**
 * Whether a first load of `pathname` shows the 'Loading App' overlay until the session is ready
 * (docs/product.md#app-shell). A trailing slash names the same screen.
 */
export function showsLoadingOverlay(pathname: string): boolean {
  return !PATHS_WITHOUT_OVERLAY.has(pathname.replace(/\/+$/, '') || '/');
}
