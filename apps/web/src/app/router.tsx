import { PATHS } from '@pasado/core/rules';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { RouteError } from '../features/errors/route-error.tsx';
import { HydrateFallback } from '../features/shell/loading-overlay.tsx';
import { queryClient } from '../lib/query-client.ts';
import type { RouteHandle } from '../lib/route-meta.ts';
import { RootLayout } from './root-layout.tsx';
import { guardLoader } from './route-guard.ts';

/**
 * The route table (docs/product.md#screens). Every screen is a lazy chunk; metadata lives in
 * `handle` and is read by the one guard (route-guard.ts), which runs as the root loader on every
 * navigation, so a location is decided before it is committed or painted, and again in
 * RootLayout. Redirect-only routes use a loader and load no code.
 */
const PUBLIC: RouteHandle = { auth: false };
const AUTH: RouteHandle = { auth: true };
const REV_ACCESS: RouteHandle = { auth: true, requiresRevAccess: true };

const toQuiz = () => redirect(PATHS.quiz);

const subscriptionPages = () =>
  import('../features/subscription-pages/subscription-status-page.tsx');

/**
 * The screens that open with the reviewer picker load the reviewer list, then their own data,
 * beside their code and the guard (route-data.ts), and the purchase page its server clock
 * (purchase-route-data.ts); each loader is its own small chunk, so /login's first load carries none
 * of it.
 */
const quizHomeFirst = async () => (await import('./route-data.ts')).quizHomeFirst;
const studyOverviewFirst = async () => (await import('./study-route-data.ts')).studyOverviewFirst;
const serverClockFirst = async () => (await import('./purchase-route-data.ts')).serverClockFirst();

/** A lazy route whose module exports the screen under a named export (kebab-case files). */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

export const routes: RouteObject[] = [
  {
    id: 'root',
    // Every navigation asks the guard (the session comes from the query cache, so this is cheap).
    loader: (args) => guardLoader(routes, queryClient)(args),
    shouldRevalidate: () => true,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback,
    children: [
      {
        // A second boundary inside the root keeps the banner area when a page fails.
        id: 'app',
        ErrorBoundary: RouteError,
        children: [
          {
            path: 'login',
            handle: PUBLIC,
            lazy: page(
              () => import('../features/auth/login-page.tsx'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'logout',
            handle: PUBLIC,
            lazy: page(
              () => import('../features/auth/logout-page.tsx'),
              (m) => m.LogoutPage,
            ),
          },
          {
            path: 'not-found',
            handle: PUBLIC,
            lazy: page(
              () => import('../features/errors/not-found-page.tsx'),
              (m) => m.NotFoundPage,
            ),
          },
          {
            path: 'unauthorized',
            handle: PUBLIC,
            lazy: page(
              () => import('../features/errors/unauthorized-page.tsx'),
              (m) => m.UnauthorizedPage,
            ),
          },
          {
            path: 'error',
            handle: PUBLIC,
            lazy: page(
              () => import('../features/errors/error-page.tsx'),
              (m) => m.ErrorPage,
            ),
          },
          {
            path: 'onboarding',
            handle: AUTH,
            lazy: page(
              () => import('../features/onboarding/onboarding-page.tsx'),
              (m) => m.OnboardingPage,
            ),
          },
          {
            path: 'subscription',
            handle: AUTH,
            children: [
              {
                path: 'suspended',
                lazy: page(
                  () => subscriptionPages(),
                  (m) => m.SuspendedPage,
                ),
              },
              {
                path: 'revoked',
                lazy: page(
                  () => subscriptionPages(),
                  (m) => m.RevokedPage,
                ),
              },
              {
                path: 'no-subscription',
                lazy: page(
                  () => subscriptionPages(),
                  (m) => m.NoSubscriptionPage,
                ),
              },
              {
                path: 'invalid-subscription',
                lazy: page(
                  () => subscriptionPages(),
                  (m) => m.InvalidSubscriptionPage,
                ),
              },
              {
                path: 'purchase',
                loader: serverClockFirst,
                lazy: page(
                  () => import('../features/purchase/purchase-page.tsx'),
                  (m) => m.PurchasePage,
                ),
              },
            ],
          },
          {
            // The screens with the bottom menu share one layout, so the menu stays put between tabs.
            handle: { auth: true, menu: true } satisfies RouteHandle,
            lazy: page(
              () => import('./menu-route.tsx'),
              (m) => m.MenuRoute,
            ),
            children: [
              { index: true, loader: toQuiz, element: null },
              { path: 'dashboard', loader: toQuiz, element: null },
              {
                path: 'quiz',
                lazy: {
                  loader: quizHomeFirst,
                  Component: async () =>
                    (await import('../features/quiz/quiz-home-page.tsx')).QuizHomePage,
                },
              },
              {
                path: 'quiz/readiness',
                lazy: page(
                  () => import('../features/quiz/readiness-page.tsx'),
                  (m) => m.ReadinessPage,
                ),
              },
              {
                path: 'study',
                lazy: {
                  loader: studyOverviewFirst,
                  Component: async () =>
                    (await import('../features/study/study-launcher-page.tsx')).StudyLauncherPage,
                },
              },
              {
                path: 'tasks',
                lazy: page(
                  () => import('../features/tasks/tasks-page.tsx'),
                  (m) => m.TasksPage,
                ),
              },
              {
                path: 'leaderboard',
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('../features/leaderboard/leaderboard-page.tsx'),
                      (m) => m.LeaderboardDashboardPage,
                    ),
                  },
                ],
              },
              {
                path: 'account',
                lazy: page(
                  () => import('../features/account/account-page.tsx'),
                  (m) => m.AccountPage,
                ),
              },
            ],
          },
          {
            path: 'quiz/:reviewer',
            handle: REV_ACCESS,
            children: [
              {
                path: 'lite',
                lazy: page(
                  () => import('../features/quiz/quiz-screen-page.tsx'),
                  (m) => m.LiteQuizPage,
                ),
              },
              {
                path: 'mock',
                lazy: page(
                  () => import('../features/quiz/quiz-screen-page.tsx'),
                  (m) => m.MockExamPage,
                ),
              },
            ],
          },
          {
            path: 'study/:reviewer',
            handle: REV_ACCESS,
            children: [
              {
                path: 'flash',
                lazy: page(
                  () => import('../features/study/study-mode-page.tsx'),
                  (m) => m.FlashPage,
                ),
              },
              {
                path: 'read',
                lazy: page(
                  () => import('../features/study/study-mode-page.tsx'),
                  (m) => m.ReadPage,
                ),
              },
              {
                path: 'listen',
                lazy: page(
                  () => import('../features/study/study-mode-page.tsx'),
                  (m) => m.ListenPage,
                ),
              },
              {
                path: 'drill',
                lazy: page(
                  () => import('../features/study/study-mode-page.tsx'),
                  (m) => m.DrillPage,
                ),
              },
            ],
          },
          {
            path: 'admin',
            handle: { auth: true, requiresRole: 'admin' } satisfies RouteHandle,
            lazy: page(
              () => import('../features/admin/admin-layout.tsx'),
              (m) => m.AdminLayout,
            ),
            children: [
              {
                index: true,
                lazy: page(
                  () => import('../features/admin/payments/payments-section.tsx'),
                  (m) => m.PaymentsSection,
                ),
              },
              {
                path: 'messages',
                lazy: page(
                  () => import('../features/admin/messages/messages-section.tsx'),
                  (m) => m.MessagesSection,
                ),
              },
              {
                path: 'content',
                lazy: page(
                  () => import('../features/admin/content/content-section.tsx'),
                  (m) => m.ContentSection,
                ),
              },
              {
                path: 'seasons',
                lazy: page(
                  () => import('../features/admin/seasons/seasons-section.tsx'),
                  (m) => m.SeasonsSection,
                ),
              },
            ],
          },
          { path: '*', loader: () => redirect(PATHS.notFound), element: null },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
