import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';

// The server (apps/server) serves `dist` and answers unknown non-API paths with index.html.
// Every route is a dynamic import, so Vite emits one chunk per route (DESIGN.md quality bars:
// /login ≤ 120 KB gzip of first-load JS, no lazy route adds more than 50 KB).
const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
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
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/dev-idp': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/dev-idp': { target: API_ORIGIN, changeOrigin: false },
    },
  },
});
