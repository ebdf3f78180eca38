import { MESSAGES } from '@pasado/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, SECOND } from '../../testing/time.ts';
import { DiscountCountdown } from './discount-countdown.tsx';

const DEADLINE = Date.parse('2026-11-26T04:30:00Z');

// docs/product.md "Free-trial discount" and issue 13 item 1: the countdown labelled, for every reader.
describe('the discount countdown', () => {
  it('shows hours, minutes and seconds, each pair of digits over its unit', () => {
    render(
      <DiscountCountdown
        remainingMs={21 * HOUR + 54 * MINUTE + 7 * SECOND}
        deadlineMs={DEADLINE}
        stopped={false}
      />,
    );
    const clock = screen.getByTestId('discount-countdown');
    const units = [...clock.querySelectorAll('.discount__unit')].map((u) => [
      u.querySelector('.discount__digits')?.textContent,
      u.querySelector('.discount__unit-label')?.textContent,
    ]);
    expect(units).toEqual([
      ['21', 'hours'],
      ['54', 'minutes'],
      ['07', 'seconds'],
    ]);
    expect(screen.getByRole('heading').textContent).toBe(MESSAGES.SAVE_NOW);
    expect(
      screen.getByText('50% off any plan for new accounts. Ends Nov 26, 2026, 12:30 PM.'),
    ).toBeTruthy();
  });

  it('is one timer named in words for screen readers, never a live region, its digits hidden', () => {
    render(
      <DiscountCountdown
        remainingMs={HOUR + MINUTE + SECOND}
        deadlineMs={DEADLINE}
        stopped={false}
      />,
    );
    const timer = screen.getByRole('timer', { name: '1 hour 1 minute 1 second left' });
    expect(timer.getAttribute('aria-live')).toBeNull();
    expect(
      timer.closest(
        '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]',
      ),
    ).toBeNull();
    expect([...timer.children].every((c) => c.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it("at zero: 'Expired' and that regular prices apply, no timer", () => {
    render(<DiscountCountdown remainingMs={0} deadlineMs={DEADLINE} stopped />);
    expect(screen.getByTestId('discount-countdown').textContent).toBe(MESSAGES.EXPIRED);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Free-trial discount');
  });
});
