import { describe, expect, it } from 'vitest';
import type { Claims } from './contract/index.ts';
import {
  decideRoute,
  expiryIsNews,
  type GuardDecision,
  type GuardInput,
  type RouteAccess,
} from './guard.ts';
import { MENU_TABS, PATHS } from './paths.ts';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './subscription-rules.ts';

const now = new Date('2026-11-25T04:00:00.000Z');
const FUTURE = '2026-12-25T00:00:00.000Z';
const PAST = '2026-11-25T03:59:59.999Z';

const claims = (over: Partial<Claims> = {}): Claims => ({
  uid: 'u1',
  email: 'juan@example.com',
  isOnboarded: true,
  subscriptionStatus: 'approved',
  role: 'student',
  access: { let: 'Granted' },
  ...over,
});
const AUTH: RouteAccess = { auth: true };
const PUBLIC: RouteAccess = { auth: false };
const input = (over: Partial<GuardInput>): GuardInput => ({
  pathname: PATHS.quiz,
  route: AUTH,
  claims: claims(),
  subscription: null,
  now,
  ...over,
});
const allow: GuardDecision = { kind: 'allow' };
const to = (path: string): GuardDecision => ({ kind: 'redirect', to: path });
const expire: GuardDecision = {
  kind: 'expire',
  to: '/subscription/no-subscription',
  alert: 'Your current subscription has expired!',
};

describe('decideRoute (docs/product.md#screens, #route-guard, #roles)', () => {
  it.each<[string, Partial<GuardInput>, GuardDecision]>([
    // (a) public routes
    ['anonymous on /login', { pathname: '/login', route: PUBLIC, claims: null }, allow],
    ['signed in on /login', { pathname: '/login', route: PUBLIC }, to('/')],
    ['signed in on /login/', { pathname: '/login/', route: PUBLIC }, to('/')],
    ['anonymous on /logout', { pathname: '/logout', route: PUBLIC, claims: null }, allow],
    ['signed in on /logout', { pathname: '/logout', route: PUBLIC }, allow],
    ['anonymous on /not-found', { pathname: '/not-found', route: PUBLIC, claims: null }, allow],
    [
      'anonymous on /unauthorized',
      { pathname: '/unauthorized', route: PUBLIC, claims: null },
      allow,
    ],
    ['signed in on /error', { pathname: '/error', route: PUBLIC }, allow],
    [
      'public route ignores an expired subscription',
      { pathname: '/error', route: PUBLIC, subscription: { status: 'approved', expiryDate: PAST } },
      allow,
    ],
    // (b) no user
    ['anonymous on /quiz', { claims: null }, to('/login')],
    ['anonymous on /', { pathname: '/', claims: null }, to('/login')],
    ['anonymous on /onboarding', { pathname: '/onboarding', claims: null }, to('/login')],
    // (c) not onboarded
    ['not onboarded on /quiz', { claims: claims({ isOnboarded: false }) }, to('/onboarding')],
    [
      'not onboarded on /subscription/purchase',
      {
        pathname: PATHS.purchase,
        claims: claims({ isOnboarded: false, subscriptionStatus: null }),
      },
      to('/onboarding'),
    ],
    [
      'not onboarded on /onboarding',
      { pathname: '/onboarding', claims: claims({ isOnboarded: false, subscriptionStatus: null }) },
      allow,
    ],
    [
      'not onboarded on /onboarding/ with an expired subscription',
      {
        pathname: '/onboarding/',
        claims: claims({ isOnboarded: false }),
        subscription: { status: 'approved', expiryDate: PAST },
      },
      allow,
    ],
    // (d) onboarded on /onboarding
    ['onboarded on /onboarding', { pathname: '/onboarding' }, to('/')],
    [
      'onboarded without subscription on /onboarding',
      { pathname: '/onboarding', claims: claims({ subscriptionStatus: null }) },
      to('/'),
    ],
    // (e) expiry
    ...(['pending', 'forVerification', 'approved', 'completed'] as const).map(
      (status): [string, Partial<GuardInput>, GuardDecision] => [
        `${status} past expiry`,
        { subscription: { status, expiryDate: PAST } },
        expire,
      ],
    ),
    [
      'expiry exactly now is not past',
      { subscription: { status: 'approved', expiryDate: now.toISOString() } },
      allow,
    ],
    ['before expiry', { subscription: { status: 'completed', expiryDate: FUTURE } }, allow],
    [
      'expiry checked on status pages too',
      { pathname: PATHS.noSubscription, subscription: { status: 'completed', expiryDate: PAST } },
      expire,
    ],
    ...(['suspended', 'revoked', 'expired'] as const).map(
      (status): [string, Partial<GuardInput>, GuardDecision] => [
        `${status} past expiry is not expired again`,
        {
          claims: claims({ subscriptionStatus: status }),
          subscription: { status, expiryDate: PAST },
        },
        to(
          status === 'suspended'
            ? PATHS.suspended
            : status === 'revoked'
              ? PATHS.revoked
              : PATHS.noSubscription,
        ),
      ],
    ),
  ])('%s', (_label, over, expected) => {
    expect(decideRoute(input(over))).toEqual(expected);
  });

  // (f) the status claim: every status × every page it might visit.
  type Row = [SubscriptionStatus | null, string, GuardDecision];
  const pages = [
    PATHS.root,
    PATHS.quiz,
    PATHS.account,
    PATHS.suspended,
    PATHS.revoked,
    PATHS.noSubscription,
    PATHS.invalidSubscription,
    PATHS.purchase,
  ];
  const expectFor = (status: SubscriptionStatus | null, page: string): GuardDecision => {
    if (status === null || status === 'expired') {
      return page === PATHS.noSubscription || page === PATHS.purchase
        ? allow
        : to(PATHS.noSubscription);
    }
    if (status === 'suspended') return page === PATHS.suspended ? allow : to(PATHS.suspended);
    if (status === 'revoked') {
      return page === PATHS.revoked || page === PATHS.purchase ? allow : to(PATHS.revoked);
    }
    return [
      PATHS.suspended,
      PATHS.revoked,
      PATHS.noSubscription,
      PATHS.invalidSubscription,
    ].includes(page as never)
      ? to('/')
      : allow;
  };
  const statuses: (SubscriptionStatus | null)[] = [null, ...SUBSCRIPTION_STATUSES];
  const rows: Row[] = statuses.flatMap((status) =>
    pages.map((page): Row => [status, page, expectFor(status, page)]),
  );
  it.each(rows)('status %s on %s → %j', (status, pathname, expected) => {
    expect(
      decideRoute(input({ pathname, claims: claims({ subscriptionStatus: status }) })),
    ).toEqual(expected);
  });

  it.each([
    ['none, spot check', null, PATHS.quiz, to('/subscription/no-subscription')],
    ['suspended cannot buy', 'suspended', PATHS.purchase, to('/subscription/suspended')],
    ['revoked can buy', 'revoked', PATHS.purchase, allow],
    ['approved on invalid-subscription', 'approved', PATHS.invalidSubscription, to('/')],
    ['trailing slash on a status page', 'approved', '/subscription/revoked/', to('/')],
  ] as const)('%s', (_label, status, pathname, expected) => {
    expect(
      decideRoute(input({ pathname, claims: claims({ subscriptionStatus: status }) })),
    ).toEqual(expected);
  });

  // (g) admin role, (h) reviewer access
  it.each<[string, RouteAccess, Partial<Claims>, GuardDecision]>([
    ['student on an admin page', { auth: true, requiresRole: 'admin' }, {}, to('/unauthorized')],
    ['admin on an admin page', { auth: true, requiresRole: 'admin' }, { role: 'admin' }, allow],
    [
      'staff reach the console without a subscription of their own',
      { auth: true, requiresRole: 'admin' },
      { role: 'admin', subscriptionStatus: null },
      allow,
    ],
    [
      'staff reach the console before onboarding',
      { auth: true, requiresRole: 'admin' },
      { role: 'admin', isOnboarded: false },
      allow,
    ],
    [
      'a suspended student is still refused the console',
      { auth: true, requiresRole: 'admin' },
      { subscriptionStatus: 'suspended' },
      to('/unauthorized'),
    ],
    ['granted reviewer', { auth: true, requiresRevAccess: true, reviewer: 'let' }, {}, allow],
    [
      'other reviewer',
      { auth: true, requiresRevAccess: true, reviewer: 'cse' },
      {},
      to('/unauthorized'),
    ],
    [
      'reviewer missing from the route',
      { auth: true, requiresRevAccess: true },
      { access: { '': 'Granted' } as Claims['access'] },
      allow,
    ],
    [
      'reviewer missing, no empty key',
      { auth: true, requiresRevAccess: true },
      {},
      to('/unauthorized'),
    ],
    [
      'prototype key is not a grant',
      { auth: true, requiresRevAccess: true, reviewer: 'constructor' },
      {},
      to('/unauthorized'),
    ],
    [
      'flag off ignores the reviewer',
      { auth: true, requiresRevAccess: false, reviewer: 'cse' },
      {},
      allow,
    ],
  ])('%s', (_label, route, over, expected) => {
    expect(decideRoute(input({ route, claims: claims(over) }))).toEqual(expected);
  });
});

describe('PATHS and MENU_TABS (docs/product.md#screens)', () => {
  it('menu has the 5 tabs in order, each a known path', () => {
    expect(MENU_TABS.map((tab) => `${tab.label} ${tab.path}`)).toEqual([
      'Quiz /quiz',
      'Study /study',
      'Tasks /tasks',
      'Leaderboard /leaderboard',
      'Account /account',
    ]);
    const paths: readonly string[] = Object.values(PATHS);
    for (const tab of MENU_TABS) expect(paths).toContain(tab.path);
  });

  it.each([
    ['root', '/'],
    ['login', '/login'],
    ['logout', '/logout'],
    ['dashboard', '/dashboard'],
    ['notFound', '/not-found'],
    ['unauthorized', '/unauthorized'],
    ['error', '/error'],
    ['onboarding', '/onboarding'],
    ['quiz', '/quiz'],
    ['study', '/study'],
    ['tasks', '/tasks'],
    ['leaderboard', '/leaderboard'],
    ['account', '/account'],
    ['admin', '/admin'],
    ['suspended', '/subscription/suspended'],
    ['revoked', '/subscription/revoked'],
    ['noSubscription', '/subscription/no-subscription'],
    ['invalidSubscription', '/subscription/invalid-subscription'],
    ['purchase', '/subscription/purchase'],
  ] as const)('PATHS.%s is %s', (key, path) => {
    expect(PATHS[key]).toBe(path);
  });
});

describe('expiryIsNews (issue 21 finding 8: the expiry alert once, however replies and navigations interleave)', () => {
  const DAY = 24 * 60 * 60_000;
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each<[string, SubscriptionStatus | null, string, boolean]>([
    ['expired a minute ago', 'expired', ago(60_000), true],
    ['expired exactly now', 'expired', ago(0), true],
    ['expired 7 days ago', 'expired', ago(7 * DAY), true],
    ['expired a moment more than 7 days ago', 'expired', ago(7 * DAY + 1), false],
    ['status expired with its date still ahead', 'expired', FUTURE, false],
    ['claims not (yet) expired', 'completed', ago(60_000), false],
    ['no subscription', null, ago(60_000), false],
  ])('%s', (_, status, expiryDate, news) => {
    expect(expiryIsNews(status, expiryDate, now)).toBe(news);
  });
});
