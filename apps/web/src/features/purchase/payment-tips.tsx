import { PURCHASE_TIP_INTERVAL_MS, PURCHASE_TIP_MAX_TICKS } from '@pasado/core';
import { useEffect, useState } from 'react';

/** One tip per tick: the first shows at once, the next every 3 s, up to 2 ticks (docs/product.md#screens, #constants). */
const TIPS = [
  'Send the exact amount shown, so we can match your payment quickly.',
  'Your reference code is on the wallet’s receipt: 13 digits. Spaces are fine.',
  'Paid another way, or no code? Choose “Screenshot” and attach the receipt.',
] as const;

/** The purchase page's tip timer (docs/product.md#purchase-page ticks every 3 s, up to 2 ticks). */
export function PaymentTips() {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick >= PURCHASE_TIP_MAX_TICKS) return;
    const timer = setTimeout(() => setTick((t) => t + 1), PURCHASE_TIP_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [tick]);
  return (
    <aside className="tips" aria-label="Tips">
      <p className="tips__text" aria-live="polite" data-tick={tick}>
        <span className="tips__label">
          Tip {tick + 1} of {TIPS.length}:
        </span>{' '}
        {TIPS[tick]}
      </p>
    </aside>
  );
}
