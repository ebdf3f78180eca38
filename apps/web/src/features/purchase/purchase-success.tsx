import { MESSAGES, PATHS, type PurchaseResult } from '@pasado/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { manilaDateTime, peso } from '../../lib/format.ts';

/** After a purchase: a clear confirmation that it waits for review, and the way back to the app. */
export function PurchaseSuccess({
  result,
  planName,
}: {
  result: PurchaseResult;
  planName: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="card success" aria-labelledby="success-title">
      <div className="success__mark" aria-hidden="true">
        ✓
      </div>
      <h2 id="success-title" className="success__title" ref={headingRef} tabIndex={-1}>
        Payment sent for review
      </h2>
      <p className="success__lead">{MESSAGES.PAYMENT_UNDER_REVIEW}</p>
      <dl className="summary">
        <div className="summary__row">
          <dt>Plan</dt>
          <dd>{planName}</dd>
        </div>
        <div className="summary__row">
          <dt>Amount</dt>
          <dd>{peso(result.finalPrice)}</dd>
        </div>
        <div className="summary__row">
          <dt>{result.queued ? 'Starts' : 'Access until'}</dt>
          <dd>{manilaDateTime(result.queued ? result.startsAt : result.expiryDate)}</dd>
        </div>
      </dl>
      <p className="success__note">
        {result.queued
          ? 'Your new plan starts when your current one ends. '
          : 'You can keep reviewing while we check. '}
        Our team checks every transfer by hand; the banner at the top tells you when it is approved.
      </p>
      <Link className="btn btn--primary btn--lg btn--block" to={PATHS.root}>
        Back to Pasado
      </Link>
    </section>
  );
}
