import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { packageFile, preactAliases } from './build/preact-aliases.ts';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';

// The server (apps/server) serves `dist` and answers unknown non-API paths with index.html.
// Every route is a dynamic import, so Vite emits one chunk per route (docs/product.md#quality-bars quality bars:
// /login ≤ 120 KB gzip of first-load JS, no lazy route adds more than 50 KB).
const API_ORIGIN = 'http://localhost:8080';

/**
 * Our own code and TanStack's, the part of the app several screens share. The contract's schemas
 * (with zod) load on demand (lib/call-function.ts, features/study/api/study-fetch.ts), and the
 * markdown parser and the staff console are each their own chunk. Core's staff-only rules (payment
 * reconciliation, the payment review) stay with the console: shared by three of its sections,
 * they had joined this chunk, and every student screen downloaded them (about 0.7 KB gzip).
 */
const SHARED_CODE =
  /apps[\\/]web[\\/]src[\\/](?!features[\\/]admin[\\/])|packages[\\/]core[\\/]src[\\/](?!contract[\\/]|reconciliation[\\/]|admin-review\.ts)|node_modules[\\/]@tanstack[\\/]/;

/**
 * The dev server's requests to the API server, sent as from the API server's own origin: the
 * server accepts a state-changing request only from its configured public origin (issue 21
 * finding 7), and the page here is on another port.
 */
const toOrigin: ProxyOptions = {
  target: API_ORIGIN,
  changeOrigin: false,
  configure: (proxy) => {
    proxy.on('proxyReq', (request) => {
      if (request.getHeader('origin')) request.setHeader('origin', API_ORIGIN);
    });
  },
};
const toServer: Record<string, ProxyOptions> = { '/api': toOrigin, '/dev-idp': toOrigin };

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // Installable and offline (issue 11; docs/decisions/019-offline-caching.md). The service worker
    // precaches the built shell and every route chunk, and answers navigations with index.html.
    // It never caches /api: per-student data lives in IndexedDB, keyed by student, and is cleared
    // on sign-out. `prompt`: a new version waits until the student chooses to reload, so it never
    // swaps in under a running mock. Registration is ours (lib/offline), lazily after load, so
    // /login's first load stays in its budget.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['icon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Pasado — board exam reviewer',
        short_name: 'Pasado',
        description:
          'Review for your board exam with quizzes, mock exams, flash cards and study notes, even offline.',
        start_url: '/quiz',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f5e63',
        background_color: '#0f5e63',
        lang: 'en',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The precompressed twins (.br, .gz) are for the server; the cache keeps one copy.
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/dev-idp\//],
        cleanupOutdatedCaches: true,
        // The first install controls the open page at once, so the first visit already works offline;
        // a later version only activates after SKIP_WAITING (the Reload button).
        clientsClaim: true,
        skipWaiting: false,
        // A page loaded past the worker asks it to take control (public/sw-claim.js).
        importScripts: ['/sw-claim.js'],
        // No runtimeCaching: API answers are per student and never go into a shared cache.
        runtimeCaching: [],
      },
    }),
    // Which chunks and data each path's first screen needs; the server announces them in the HTML.
    routePreloads(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The CSP is `style-src 'self'`: keep CSS in files, never inlined into JS-injected <style>.
    cssCodeSplit: true,
    assetsInlineLimit: 0,
    // scripts/size-check.ts reads it to price each route's JavaScript.
    manifest: true,
    // Every browser our students use (Chrome on Android, Safari 17+) knows <link rel=modulepreload>;
    // the polyfill would cost /login's first load for none of them (issue 10). Without it an older
    // browser still loads every chunk, only without the early preload.
    modulePreload: {
      polyfill: false,
      // The entry and its stylesheet are running when any chunk is imported: never preloaded again.
      resolveDependencies: (_file, deps) =>
        deps.filter((dep) => !/^assets\/index-[^/]+\.(?:js|css)$/.test(dep)),
    },
    rolldownOptions: {
      output: {
        // Left to itself, the bundler cut a chunk for every set of screens sharing a module: /quiz
        // loaded 33 scripts and 7 stylesheets, /account 21 and 5, many under 300 bytes, over a
        // phone's six HTTP/1.1 connections (issue 10). Two groups instead: everything the entry
        // needs in the entry (it was 7 files), and the code three or more screens share in one
        // `screens` chunk (/quiz now 6 and 4, /account 5 and 3). `npm run size` holds each screen
        // to its budget.
        codeSplitting: {
          groups: [
            // zod in a chunk of its own name, so tests can hold it back and see what needs it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
            { name: 'boot', tags: ['$initial'], priority: 2 },
            { name: 'screens', test: SHARED_CODE, minShareCount: 3, priority: 1 },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [
      ...preactAliases,
      // React Router's `exports` name only its development build, whose warnings are then on in
      // production too (remix-run/react-router#14102): the build ships its production one.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: packageFile('react-router', 'dist/production/index.mjs'),
            },
          ]
        : []),
    ],
  },
  server: { proxy: toServer },
  preview: { proxy: toServer },
}));
