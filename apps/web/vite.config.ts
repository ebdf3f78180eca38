import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// The server (apps/server) serves `dist` and answers unknown non-API paths with index.html.
// Every route is a dynamic import, so Vite emits one chunk per route (DESIGN.md quality bars:
// /login ≤ 120 KB gzip of first-load JS, no lazy route adds more than 50 KB).
const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
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
