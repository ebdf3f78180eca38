/**
 * The Chromium the tests drive: Debian's `chromium-headless-shell`, built from the same Chromium
 * source as Debian's `chromium` (the same Blink, V8 and service worker), without the full
 * browser's windowing and UI processes. On this 2-core machine the shell took half the CPU of
 * `chromium --headless` for the same browser file (docs/testing.md). `CHROMIUM_PATH` points the
 * tests at another Chromium binary. The audits and the phone-paint benchmark keep the full
 * browser (`/usr/bin/chromium`): they measure what a student's Chrome does.
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Debian's packages `npm test` needs, and the audits' browser. */
export const CHROMIUM_PACKAGES = ['chromium-headless-shell', 'chromium', 'fonts-noto-color-emoji'];
