// The types of test-chromium.mjs (a plain module: ensure-chromium.mjs runs before any build).
export declare const TEST_CHROMIUM: string;
export declare const CHROMIUM_PACKAGES: readonly string[];
