import { contentDenialPath, expiryIsNews, PATHS, showsLoadingOverlay } from '@pasado/core/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import {
  Navigate,
  Outlet,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
} from 'react-router';
import { FreeTrialEnds } from '../components/free-trial-ends.tsx';
import { ErrorScreen } from '../features/errors/error-screen.tsx';
import { InlineLoading, LoadingOverlay } from '../features/shell/loading-overlay.tsx';
import { OFFLINE_BANNER } from '../features/shell/offline-banner.tsx';
import { TopBanners } from '../features/shell/top-banners.tsx';
import { useUpdateBanner } from '../features/shell/update-banner.tsx';
import {
  expectedSubscriptionBanner,
  useBanners,
  useRegisterBanner,
  withSubscriptionSlot,
} from '../lib/banners.tsx';
import { onContentDenied } from '../lib/content-denied.ts';
import { alertExpiryOnce } from '../lib/expiry-alert.ts';
import { useAppUpdate } from '../lib/offline/app-update.ts';
import { useReloadRequested } from '../lib/page-reload.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { refreshClaims, useClaims } from '../lib/session/get-claims.ts';
import { useMe } from '../lib/session/get-me.ts';
import { subscriptionQueryOptions } from '../lib/session/get-subscription.ts';
import { useIdleAfter } from '../lib/use-idle-after.ts';
import { useOnline } from '../lib/use-online.ts';
import {
  guardDecision,
  markExpiredHere,
  markExpiryAnswered,
  useExpiredHere,
} from './route-guard.ts';

const loadSignedInServices = () => import('./signed-in-services.tsx');
const SignedInServices = lazy(() =>
  loadSignedInServices().then((m) => ({ default: m.SignedInServices })),
);

/**
 * The app's root: banner area, the route guard and the loading overlay. The guard (route-guard.ts,
 * core's decideRoute; docs/product.md#screens, #route-guard, #roles) has already run as the root loader
 * before this renders; here it runs again on the same inputs to follow live changes of the claims,
 * and performs its side effects: the expiry alert (docs/product.md#errors) and the reload of docs/product.md#states.
 */
export function RootLayout() {
  const client = useQueryClient();
  const location = useLocation();
  const meta = routeMeta(useMatches());
  const online = useOnline();
  useRegisterBanner(online ? null : OFFLINE_BANNER);
  useRegisterBanner(useUpdateBanner(useAppUpdate()));
  const registeredBanners = useBanners();

  const claimsQuery = useClaims();
  const claims = claimsQuery.data;
  const signedIn = claims !== undefined && claims !== null;
  const meQuery = useMe({ enabled: signedIn });
  const subscriptionId = signedIn ? (meQuery.data?.subscription?.id ?? null) : null;
  const subscriptionQuery = useQuery({
    ...subscriptionQueryOptions(subscriptionId ?? ''),
    enabled: subscriptionId !== null,
  });

  // docs/product.md#errors "Offline: a user data fetch failure only logs a warning."
  useEffect(() => {
    if (meQuery.error) console.warn('Could not load your data', meQuery.error);
  }, [meQuery.error]);

  const sessionReady =
    claims !== undefined &&
    (claims === null ||
      ((meQuery.data !== undefined || meQuery.isError) &&
        (subscriptionId === null ||
          subscriptionQuery.data !== undefined ||
          subscriptionQuery.isError)));

  // docs/product.md#route-guard: a subscription past its expiry date is expired once, with the alert; from then on
  // the guard treats it as expired, so its own table sends the user to no-subscription.
  const expiredHere = useExpiredHere();
  const subscription = subscriptionQuery.data ?? null;
  const decision =
    sessionReady && claims !== undefined
      ? guardDecision({
          pathname: location.pathname,
          access: meta.access,
          session: { claims, subscription },
          expiredId: expiredHere?.id ?? null,
          now: new Date(),
        })
      : null;

  const expireAlert = decision?.kind === 'expire' ? decision.alert : null;
  const expiringId = expireAlert !== null ? (subscription?.id ?? null) : null;
  useEffect(() => {
    if (expireAlert === null || expiringId === null) return;
    if (!markExpiredHere(expiringId)) return;
    // Reading claims makes the server expire the subscription; its answer carries the alert. Only
    // when the server cannot be reached does this page show the alert itself.
    refreshClaims(client)
      .catch((error: unknown) => {
        console.warn('Claims refresh failed', error);
        alertExpiryOnce(expiringId);
      })
      .finally(() => markExpiryAnswered(expiringId));
  }, [expireAlert, expiringId, client]);

  // The claims say expired, and this device has not said so yet: the reply that expired it was
  // lost (the page navigated or reloaded first). Once per subscription (lib/expiry-alert.ts).
  const expiredNewsId =
    claims &&
    subscription &&
    expiryIsNews(claims.subscriptionStatus, subscription.expiryDate, new Date())
      ? subscription.id
      : null;
  useEffect(() => {
    if (expiredNewsId !== null) alertExpiryOnce(expiredNewsId);
  }, [expiredNewsId]);

  // The server refused content (issue 21, lib/content-denied.ts): the claims are read again, which
  // expires an ended subscription (with the spec's alert) and makes a queued one current, and the
  // guard then moves the page. Without the grant the guard has nothing to go on, so it goes to the
  // page core names. One refresh at a time, however many requests were refused together.
  const navigate = useNavigate();
  useEffect(() => {
    let refreshing = false;
    return onContentDenied((denial) => {
      if (refreshing) return;
      refreshing = true;
      void refreshClaims(client)
        .catch((error: unknown) => console.warn('Claims refresh failed', error))
        .finally(() => {
          refreshing = false;
          if (denial === 'noReviewer') navigate(contentDenialPath(denial), { replace: true });
        });
    });
  }, [client, navigate]);

  const publicRoute = !meta.access.auth && location.pathname !== PATHS.login;

  // The subscription banner loads with the signed-in services, after the page's first paint; its
  // slot is reserved from the session already in the query cache (the guard loaded it), so nothing
  // moves when the banner lands (issue 10: CLS).
  const slot =
    signedIn && sessionReady ? expectedSubscriptionBanner(client, location.pathname) : null;
  const banners = withSubscriptionSlot(
    registeredBanners,
    slot,
    slot === 'freeTrial' && subscription ? (
      <FreeTrialEnds expiryDate={subscription.expiryDate} />
    ) : null,
  );

  // docs/product.md#status-reload's reload after a live change of status happens only here, in one order (issue 13 item
  // 6; lib/page-reload.ts): the expiry found here has had its answer (and alert), the guard has
  // moved the page where the new status allows, and the router is idle there.
  const reloadRequested = useReloadRequested();
  const navigationIdle = useNavigation().state === 'idle';
  const settled =
    (publicRoute || decision?.kind === 'allow') && (expiredHere === null || expiredHere.answered);
  useEffect(() => {
    if (reloadRequested && settled && navigationIdle) window.location.reload();
  }, [reloadRequested, settled, navigationIdle]);

  // The signed-in services (device check, live stream, outbox, the banner's own code, with zod): their
  // code starts loading once the page has painted and the phone is idle, and they start once it is
  // in. The screen's code and data go first on a slow connection, and its first render runs alone
  // (issue 10). The banner's slot is already held.
  const pageShown = publicRoute || decision?.kind === 'allow' || decision?.kind === 'redirect';
  const servicesWanted = useIdleAfter(signedIn && pageShown, loadSignedInServices);

  let content: ReactNode;
  if (claimsQuery.isError && claims === undefined && !publicRoute) {
    content = <ErrorScreen onRetry={() => void claimsQuery.refetch()} />;
  } else if (publicRoute || decision?.kind === 'allow') {
    content = <Outlet />;
  } else if (decision?.kind === 'redirect') {
    content = <Navigate to={decision.to} replace />;
  } else if (decision?.kind === 'expire') {
    content = null;
  } else {
    content = showsLoadingOverlay(location.pathname) ? <LoadingOverlay /> : <InlineLoading />;
  }

  return (
    <div className="app" data-banners={Math.min(banners.length, 4)}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBanners banners={banners} />
      {content}
      {signedIn && servicesWanted ? (
        <Suspense fallback={null}>
          <SignedInServices uid={claims.uid} subscriptionId={subscriptionId} />
        </Suspense>
      ) : null}
    </div>
  );
}
