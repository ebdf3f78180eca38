import { SHELL_MESSAGES } from '@pasado/core/rules';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HydrateFallback } from './loading-overlay.tsx';

// docs/product.md "App shell": 'Loading App' until the session is known, but not on onboarding.
describe("the first route's loading screen", () => {
  it("is the full-screen 'Loading App' on a signed-in screen", () => {
    window.history.replaceState(null, '', '/quiz');
    render(<HydrateFallback />);
    expect(screen.getByRole('status').textContent).toBe(SHELL_MESSAGES.LOADING_APP);
  });

  it('is only a small spinner on onboarding', () => {
    window.history.replaceState(null, '', '/onboarding');
    render(<HydrateFallback />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.queryByText(SHELL_MESSAGES.LOADING_APP)).toBeNull();
  });
});
