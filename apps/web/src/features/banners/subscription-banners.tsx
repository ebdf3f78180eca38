import { discountDeadline } from '@pasado/core/rules';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import {
  type Banner,
  SUBSCRIPTION_BANNER,
  SUBSCRIPTION_BANNER_TONES,
  subscriptionBannerHere,
  useRegisterBanner,
} from '../../lib/banners.tsx';
import { useServerClockOffset } from '../../lib/server-clock.ts';
import { useSubscriptionDocs } from '../../lib/session/use-subscription-docs.ts';
import { ApprovedBanner } from './approved-banner.tsx';
import { FreeTrialBanner } from './free-trial-banner.tsx';
import { PendingBanner, VerifyPaymentBanner } from './verify-payment-banner.tsx';
import './banners.css';

/**
 * The subscription banner (docs/product.md#subscription-banner): one banner for the current or a queued
 * subscription — the rule is core `subscriptionBanner`, through lib/banners.tsx's
 * `subscriptionBannerHere` — kept current by the live stream. The free-trial one is hidden on the
 * purchase page; while the discount is being checked (the server clock is loading) the shell keeps
 * its slot, empty.
 */
export function SubscriptionBanners() {
  const { pathname } = useLocation();
  const { me, current, queued } = useSubscriptionDocs();
  const choice =
    me && current !== undefined
      ? subscriptionBannerHere({
          current,
          queued,
          queuedCount: me.queuedSubscriptions.length,
          pathname,
        })
      : null;
  const wantsClock = choice?.kind === 'freeTrial';
  const clock = useServerClockOffset(wantsClock);

  const kind = choice?.kind ?? null;
  const subscriptionId = choice && 'subscriptionId' in choice ? choice.subscriptionId : null;
  const expiryDate = choice?.kind === 'freeTrial' ? choice.expiryDate : null;
  const createdAt = me?.createdAt ?? null;
  const userId = me?.id ?? null;
  const email = me?.email ?? null;
  const offsetMs = wantsClock ? clock.data : undefined;
  const hidden = kind === 'freeTrial' && offsetMs === undefined;

  const banner = useMemo<Banner | null>(() => {
    if (kind === null || hidden) return null;
    const slot = { ...SUBSCRIPTION_BANNER, tone: SUBSCRIPTION_BANNER_TONES[kind] };
    if (kind === 'freeTrial' && expiryDate && createdAt && offsetMs !== undefined) {
      return {
        ...slot,
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
      return { ...slot, content: <PendingBanner /> };
    }
    if (kind === 'approved') {
      return {
        ...slot,
        content: <ApprovedBanner subscriptionId={subscriptionId} userId={userId} email={email} />,
      };
    }
    if (kind === 'forVerification') {
      return {
        ...slot,
        content: <VerifyPaymentBanner subscriptionId={subscriptionId} />,
      };
    }
    return null;
  }, [kind, hidden, expiryDate, createdAt, offsetMs, subscriptionId, userId, email]);

  useRegisterBanner(banner);
  return null;
}
