import { PATHS } from './paths.ts';
import { SHELL_MESSAGES } from './shell-messages.ts';
import { grantsAccess, isPastExpiry, type SubscriptionStatus } from './subscription-rules.ts';

/** The roles of docs/product.md#roles; the contract's `roleSchema` is built from it. */
export const ROLES = ['student', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The claims the guard reads: the contract's `Claims` (claims.ts) is one. */
export type GuardClaims = {
  role: Role;
  isOnboarded: boolean;
  subscriptionStatus: SubscriptionStatus | null;
  access: Readonly<Record<string, 'Granted'>>;
};

/** What a route asks of its visitor (docs/product.md#requires-rev-access; docs/product.md#staff). */
export type RouteAccess = {
  auth: boolean;
  requiresRevAccess?: boolean;
  reviewer?: string | undefined;
  requiresRole?: 'admin';
};

export type GuardInput = {
  pathname: string;
  route: RouteAccess;
  claims: GuardClaims | null;
  subscription: { status: SubscriptionStatus; expiryDate: string } | null;
  now: Date;
};

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'expire'; to: '/subscription/no-subscription'; alert: string };

const ALLOW: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** The subscription status pages that users with a working subscription are sent away from (docs/product.md#states). */
const STATUS_PAGES: readonly string[] = [
  PATHS.suspended,
  PATHS.revoked,
  PATHS.noSubscription,
  PATHS.invalidSubscription,
];

/**
 * Which pages each locked status may visit, and where it goes otherwise (docs/product.md#route-guard
 * outcomes). The server's refusal of content (content-access.ts) sends the student to the same home.
 */
export const LOCKED: Readonly<
  Partial<Record<SubscriptionStatus | 'none', { allowed: readonly string[]; home: string }>>
> = {
  none: { allowed: [PATHS.noSubscription, PATHS.purchase], home: PATHS.noSubscription },
  expired: { allowed: [PATHS.noSubscription, PATHS.purchase], home: PATHS.noSubscription },
  suspended: { allowed: [PATHS.suspended], home: PATHS.suspended },
  revoked: { allowed: [PATHS.revoked, PATHS.purchase], home: PATHS.revoked },
};

/** '/quiz/' and '/quiz' are the same page; the root stays '/'. */
function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? PATHS.root : trimmed;
}

/**
 * The route guard decision (docs/product.md#screens, #route-guard, #roles), in order:
 * public routes (a logged-in user on /login goes to /); no user → /login; the staff console → staff
 * only, whatever their own subscription; not onboarded → only
 * /onboarding; onboarded on /onboarding → /; a subscription past its expiryDate → expire it with the
 * spec's alert; the status claim's locks (none/expired, suspended, revoked; any other status is sent
 * away from the status pages); per-reviewer access Granted; otherwise allow.
 * A locked user may still open /subscription/purchase when none/expired/revoked (our decision: the
 * way out of those states is a new purchase; suspended waits for staff).
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const { route, claims, subscription, now } = input;
  const pathname = normalizePath(input.pathname);

  // (a) Public routes.
  if (!route.auth) {
    return pathname === PATHS.login && claims !== null ? redirect(PATHS.root) : ALLOW;
  }
  // (b) Only a signed-in user counts as authenticated (docs/product.md#roles).
  if (claims === null) return redirect(PATHS.login);
  // (g) Staff console (docs/product.md#staff): staff only, and never held back by their own
  // onboarding or subscription, which staff accounts need not have.
  if (route.requiresRole === 'admin') {
    return claims.role === 'admin' ? ALLOW : redirect(PATHS.unauthorized);
  }
  // (c) Not onboarded: onboarding only.
  if (!claims.isOnboarded) {
    return pathname === PATHS.onboarding ? ALLOW : redirect(PATHS.onboarding);
  }
  // (d) Onboarded and visiting onboarding.
  if (pathname === PATHS.onboarding) return redirect(PATHS.root);
  // (e) Expiry passed: the caller sets the status to expired and shows the alert (docs/product.md#errors).
  if (
    subscription !== null &&
    grantsAccess(subscription.status) &&
    isPastExpiry(subscription.expiryDate, now)
  ) {
    return { kind: 'expire', to: PATHS.noSubscription, alert: SHELL_MESSAGES.SUBSCRIPTION_EXPIRED };
  }
  // (f) Subscription status claim.
  const lock = LOCKED[claims.subscriptionStatus ?? 'none'];
  if (lock !== undefined) {
    return lock.allowed.includes(pathname) ? ALLOW : redirect(lock.home);
  }
  if (STATUS_PAGES.includes(pathname)) return redirect(PATHS.root);
  // (h) Per-reviewer access (docs/product.md#requires-rev-access).
  if (route.requiresRevAccess && claims.access[route.reviewer ?? ''] !== 'Granted') {
    return redirect(PATHS.unauthorized);
  }
  // (i)
  return ALLOW;
}

/** How long after its end an expired subscription is still news to a device (issue 21 finding 8). */
export const EXPIRY_ALERT_DAYS = 7;

/**
 * Whether a device that finds the claims' status `expired` should still say so with docs/product.md#errors's
 * alert: the subscription ended, by its date, within the last `EXPIRY_ALERT_DAYS`. The claims reply
 * that expired it carries the alert too; a page that navigated before that reply arrived learns it
 * here instead. The device shows it once per subscription either way (the web app remembers).
 */
export function expiryIsNews(
  claimsStatus: SubscriptionStatus | null,
  expiryDate: Date | string,
  now: Date,
): boolean {
  if (claimsStatus !== 'expired') return false;
  const ended = new Date(expiryDate).getTime();
  const since = now.getTime() - ended;
  return since >= 0 && since <= EXPIRY_ALERT_DAYS * 24 * 60 * 60_000;
}
