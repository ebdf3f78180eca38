import { MESSAGES } from '@pasado/core';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../../components/spinner.tsx';
import { usePurchaseDetails } from '../../lib/purchase-details.ts';

/** docs/product.md#subscription-banner pending: 'Your payment is under review.' */
export function PendingBanner() {
  return <span className="banner__text">{MESSAGES.PAYMENT_UNDER_REVIEW}</span>;
}

/**
 * docs/product.md#subscription-banner forVerification: 'Verify payment to avoid suspension! Verify now.' opens the Verify
 * Payment modal, which explains to email support with the payment details (reference code, mode
 * of payment, time) and a screenshot. A native modal <dialog> (portalled to <body>): focus moves
 * in and is kept there, Escape closes it, and focus returns to the banner.
 */
export function VerifyPaymentBanner({ subscriptionId }: { subscriptionId: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const details = usePurchaseDetails();
  const supportEmail = details.data?.supportEmail;
  const subject = `Payment verification (${subscriptionId.slice(0, 8)})`;
  const body = [
    'Reference code: ',
    'Mode of payment: ',
    'Date and time of payment: ',
    '',
    'I attached a screenshot of my payment.',
    '',
    `Subscription: ${subscriptionId}`,
  ].join('\n');
  const mailto = supportEmail
    ? `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
    : undefined;

  return (
    <>
      <button
        type="button"
        className="banner__button"
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
      >
        <span className="banner__text">{MESSAGES.VERIFY_PAYMENT}</span>
      </button>
      {/* Outside the banner, whose compact type and colours are not the dialog's. */}
      {createPortal(
        <dialog
          ref={dialogRef}
          className="dialog verify-dialog"
          aria-labelledby={titleId}
          aria-describedby={textId}
        >
          <h2 id={titleId} className="dialog__title">
            Verify Payment
          </h2>
          <p id={textId} className="dialog__text">
            Our team could not confirm your payment yet. To keep your access, email support with
            your payment details and a screenshot of the payment:
          </p>
          <ul className="verify-dialog__list">
            <li>
              <strong>Reference code</strong> — the 13 digits on your wallet receipt
            </li>
            <li>
              <strong>Mode of payment</strong> — e.g. GCash, Maya or a bank transfer
            </li>
            <li>
              <strong>Time</strong> — the date and time of the payment
            </li>
            <li>
              <strong>Screenshot</strong> — of the receipt, attached to the email
            </li>
          </ul>
          {supportEmail ? (
            <p className="verify-dialog__email">
              Email: <a href={mailto}>{supportEmail}</a>
            </p>
          ) : details.isError ? (
            <p className="form-error" role="alert">
              We could not load the support address.{' '}
              <button type="button" className="link-button" onClick={() => void details.refetch()}>
                Try again
              </button>
            </p>
          ) : (
            <p className="verify-dialog__email" role="status">
              <Spinner size="sm" /> Loading the support address…
            </p>
          )}
          <div className="verify-dialog__actions">
            {mailto ? (
              <a className="btn btn--primary btn--block" href={mailto}>
                Email support
              </a>
            ) : null}
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={() => dialogRef.current?.close()}
            >
              {MESSAGES.CLOSE}
            </button>
          </div>
        </dialog>,
        document.body,
      )}
    </>
  );
}
