import { PATHS } from '@pasado/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardIcon, LockIcon } from '../../components/status-icons.tsx';
import { StatusScreen } from '../../components/status-screen.tsx';

import { usePurchaseDetails } from '../../lib/purchase-details.ts';

/** Until the configured address arrives (or when it cannot), the server's default one. */
const DEFAULT_SUPPORT_EMAIL = 'support@pasado.ph';

/** A subscription status page: what happened, and the next steps (buy, contact support, sign out). */
function SubscriptionStatusPage({
  title,
  tone,
  canPurchase,
  purchaseLabel = 'See plans',
  children,
}: {
  title: string;
  tone: 'neutral' | 'warning' | 'danger';
  canPurchase: boolean;
  purchaseLabel?: string;
  children: ReactNode;
}) {
  const supportEmail = usePurchaseDetails().data?.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
  return (
    <StatusScreen
      title={title}
      tone={tone}
      icon={canPurchase ? <CardIcon /> : <LockIcon />}
      actions={
        <>
          {canPurchase ? (
            <Link className="btn btn--primary btn--block" to={PATHS.purchase}>
              {purchaseLabel}
            </Link>
          ) : null}
          <a
            className={`btn btn--block ${canPurchase ? 'btn--secondary' : 'btn--primary'}`}
            href={`mailto:${supportEmail}`}
          >
            Contact support
          </a>
          <Link className="btn btn--ghost btn--block" to={PATHS.logout}>
            Sign out
          </Link>
        </>
      }
    >
      {children}
    </StatusScreen>
  );
}

/** /subscription/suspended (docs/product.md#route-guard: suspended users are locked here). */
export function SuspendedPage() {
  return (
    <SubscriptionStatusPage
      title="Your subscription is suspended"
      tone="warning"
      canPurchase={false}
    >
      <p>
        Our team has paused your access while a payment is being checked. You cannot open reviewers
        until this is settled.
      </p>
      <p>
        If you already sent your proof of payment, nothing else is needed: your access returns as
        soon as our team confirms it. Otherwise, contact support with your reference code and a
        screenshot of the payment.
      </p>
    </SubscriptionStatusPage>
  );
}

/** /subscription/revoked (docs/product.md#route-guard: revoked users are locked here; a new purchase is the way out). */
export function RevokedPage() {
  return (
    <SubscriptionStatusPage title="Your subscription was revoked" tone="danger" canPurchase>
      <p>
        Your access was ended by our team, usually because a payment could not be verified. Your
        progress is kept.
      </p>
      <p>Buy a new plan to continue, or contact support if you think this is a mistake.</p>
    </SubscriptionStatusPage>
  );
}

/** /subscription/no-subscription (docs/product.md#route-guard: no subscription, or expired). */
export function NoSubscriptionPage() {
  return (
    <SubscriptionStatusPage title="You have no active subscription" tone="neutral" canPurchase>
      <p>
        Your free trial or plan has ended, or you have not subscribed yet. Your progress is kept.
      </p>
      <p>Choose a 1-month or 3-month plan to keep reviewing.</p>
    </SubscriptionStatusPage>
  );
}

/** /subscription/invalid-subscription. */
export function InvalidSubscriptionPage() {
  return (
    <SubscriptionStatusPage
      title="We could not verify your subscription"
      tone="warning"
      canPurchase
    >
      <p>
        Something in your subscription record does not add up, so we cannot open your reviewers
        right now.
      </p>
      <p>Contact support and we will sort it out, or buy a plan to continue right away.</p>
    </SubscriptionStatusPage>
  );
}
