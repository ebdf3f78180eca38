import { PATHS, type PurchaseBlock, type SubscriptionDoc } from '@pasado/core';
import { Link } from 'react-router';
import { manilaDateTime } from '../../lib/format.ts';

const WHAT: Record<PurchaseBlock['status'], { title: string; todo: string }> = {
  pending: {
    title: 'Your payment is being reviewed',
    todo: 'Our team checks every transfer by hand, usually within a day. You can keep reviewing meanwhile; the banner at the top changes as soon as it is checked. You can buy again once it is reviewed.',
  },
  forVerification: {
    title: 'Your payment needs verifying',
    todo: 'Our team could not confirm this payment yet. Email support with the reference code, the mode of payment, the time of payment and a screenshot, so your access is not suspended. You can buy again once it is confirmed.',
  },
  approved: {
    title: 'Your payment was approved',
    todo: 'Close the “Payment approved!” banner at the top to finish this purchase. Then you can buy again, for example to extend your access.',
  },
};

/**
 * Why the purchase page is blocked (docs/product.md#purchase-blocking, #roles): which purchase is in progress,
 * its status, and what to do next.
 */
export function BlockedNotice({
  block,
  subscription,
  supportEmail,
}: {
  block: PurchaseBlock;
  subscription: SubscriptionDoc | undefined;
  supportEmail: string | undefined;
}) {
  const what = WHAT[block.status];
  const plan = subscription?.selectedPlan;
  return (
    <section className="card blocked" aria-labelledby="blocked-title" data-status={block.status}>
      <h2 id="blocked-title" className="blocked__title">
        {what.title}
      </h2>
      <p className="blocked__summary">
        {plan ? `${plan.name} plan` : 'Your purchase'}
        {subscription ? `, bought ${manilaDateTime(subscription.createdAt)}` : ''}
        {block.queued ? ', starts when your current plan ends' : ''}. Status:{' '}
        <strong>{STATUS_LABEL[block.status]}</strong>
      </p>
      <p>{what.todo}</p>
      <div className="blocked__actions">
        {block.status === 'forVerification' && supportEmail ? (
          <a className="btn btn--primary btn--block" href={`mailto:${supportEmail}`}>
            Email {supportEmail}
          </a>
        ) : null}
        <Link className="btn btn--secondary btn--block" to={PATHS.root}>
          Back to reviewing
        </Link>
      </div>
    </section>
  );
}

const STATUS_LABEL: Record<PurchaseBlock['status'], string> = {
  pending: 'under review',
  forVerification: 'needs verifying',
  approved: 'approved',
};
