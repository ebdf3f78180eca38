import { MESSAGES } from '@pasado/core';
import { useCloseApprovedBanner } from './update-subscription-status.ts';

/** docs/product.md#subscription-banner: 'Payment approved! Click here to close.' Clicking marks the subscription completed. */
export function ApprovedBanner(props: { subscriptionId: string; userId: string; email: string }) {
  const close = useCloseApprovedBanner(props);
  return (
    <button
      type="button"
      className="banner__button"
      onClick={() => {
        if (!close.isPending) close.mutate();
      }}
      aria-busy={close.isPending}
      aria-describedby={close.isError ? 'approved-banner-error' : undefined}
    >
      <span className="banner__text">{MESSAGES.PAYMENT_APPROVED}</span>
      {close.isError ? (
        <span id="approved-banner-error" className="banner__note">
          Not closed. Tap to try again.
        </span>
      ) : null}
    </button>
  );
}
