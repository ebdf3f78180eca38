import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SECOND } from '../../testing/time.ts';
import { PaymentTips } from './payment-tips.tsx';

const tip = () => screen.getByText(/^Tip \d of 3:/).closest('p');

// docs/product.md "Purchase page": the tip timer ticks every 3 s, twice, then stays on the last tip.
describe('the payment tips', () => {
  it('moves to the next tip every 3 seconds and stops after two ticks', () => {
    vi.useFakeTimers();
    render(<PaymentTips />);
    expect(tip()?.textContent).toBe(
      'Tip 1 of 3: Send the exact amount shown, so we can match your payment quickly.',
    );
    act(() => vi.advanceTimersByTime(3 * SECOND));
    expect(tip()?.getAttribute('data-tick')).toBe('1');
    expect(tip()?.textContent).toMatch(
      /^Tip 2 of 3: Your reference code is on the wallet’s receipt/,
    );
    act(() => vi.advanceTimersByTime(3 * SECOND));
    expect(tip()?.textContent).toMatch(/^Tip 3 of 3: Paid another way, or no code\?/);
    act(() => vi.advanceTimersByTime(30 * SECOND));
    expect(tip()?.getAttribute('data-tick')).toBe('2');
    expect(vi.getTimerCount()).toBe(0);
  });
});
