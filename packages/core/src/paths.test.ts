import { describe, expect, it } from 'vitest';
import { PATHS, showsLoadingOverlay } from './paths.ts';

describe('showsLoadingOverlay (docs/product.md#app-shell)', () => {
  it('skips the overlay on onboarding and the purchase page, with or without a trailing slash', () => {
    for (const path of [
      PATHS.onboarding,
      PATHS.purchase,
      '/onboarding/',
      '/subscription/purchase//',
    ])
      expect(showsLoadingOverlay(path)).toBe(false);
  });

  it('shows it on every other screen, the root and unknown paths included', () => {
    for (const path of [
      PATHS.login,
      PATHS.quiz,
      PATHS.account,
      '/',
      '',
      '/quiz/let-elem/mock',
      '/nowhere',
    ])
      expect(showsLoadingOverlay(path)).toBe(true);
    // A screen under a skipped one is not skipped.
    expect(showsLoadingOverlay('/subscription/purchase/extra')).toBe(true);
  });
});
