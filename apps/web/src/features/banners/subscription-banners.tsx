import { discountDeadline, PATHS, subscriptionBanner } from '@pasado/core';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { type Banner, useRegisterBanner } from '../../lib/banners.tsx';
import { useServerClockOffset } from '../../lib/server-clock.ts';
import { useSubscriptionDocs } from '../../lib/session/use-subscription-docs.ts';
import { ApprovedBanner } from './approved-banner.tsx';
import { FreeTrialBanner } from './free-trial-banner.tsx';
import { PendingBanner, VerifyPaymentBanner } from './verify-payment-banner.tsx';
import './banners.css';

/** After the offline notice (order 0). */
const ORDER = 10;

/**
 * The subscription banner (SPEC §2 Subscription banner): one banner for the current or a queued
 * subscription — the rule is core `subscriptionBanner` — kept current by the live stream. The
 * free-trial one is hidden on the purchase page and while the discount is being checked (the
 * server clock is loading).
 */
export function SubscriptionBanners() {
  const { pathname } = useLocation();
  const { me, current, queued } = useSubscriptionDocs();
  const choice =
    me && current !== undefined
      ? subscriptionBanner({
          current,
          queued,
          queuedCount: me.queuedSubscriptions.length,
        })
      : null;
  const wantsClock = choice?.kind === 'freeTrial';
  const clock = useServerClockOffset(wantsClock);
  const onPurchasePage = pathname.replace(/\/+$/, '') === PATHS.purchase;

  const kind = choice?.kind ?? null;
  const subscriptionId = choice && 'subscriptionId' in choice ? choice.subscriptionId : null;
  const expiryDate = choice?.kind === 'freeTrial' ? choice.expiryDate : null;
  const createdAt = me?.createdAt ?? null;
  const userId = me?.id ?? null;
  const email = me?.email ?? null;
  const offsetMs = wantsClock ? clock.data : undefined;
  const hidden = kind === 'freeTrial' && (onPurchasePage || offsetMs === undefined);

  const banner = useMemo<Banner | null>(() => {
    if (kind === null || hidden) return null;
    if (kind === 'freeTrial' && expiryDate && createdAt && offsetMs !== undefined) {
      return {
        id: 'subscription',
        order: ORDER,
        tone: 'info',
        content: (
          <FreeTrialBanner
            expiryDate={expiryDate}
            discountDeadlineMs={discountDeadline(new Date(createdAt)).getTime()}
            offsetMs={offsetMs}
          />
        ),
      };
    }
    if (!subscriptionId || !userId || !email) return null;
    if (kind === 'pending') {
      return { id: 'subscription', order: ORDER, tone: 'info', content: <PendingBanner /> };
    }
    if (kind === 'approved') {
      return {
        id: 'subscription',
        order: ORDER,
        tone: 'success',
        content: <ApprovedBanner subscriptionId={subscriptionId} userId={userId} email={email} />,
      };
    }
    if (kind === 'forVerification') {
      return {
        id: 'subscription',
        order: ORDER,
        tone: 'danger',
        content: <VerifyPaymentBanner subscriptionId={subscriptionId} />,
      };
    }
    return null;
  }, [kind, hidden, expiryDate, createdAt, offsetMs, subscriptionId, userId, email]);

  useRegisterBanner(banner);
  return null;
}
