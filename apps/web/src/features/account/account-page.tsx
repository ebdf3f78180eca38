import {
  initials,
  isExtension,
  isPurchaseBlocked,
  PATHS,
  PURCHASE_MESSAGES,
  STREAK_FREEZE,
  type SubscriptionDoc,
  type UserDoc,
} from '@pasado/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Chip } from '../../components/chip.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { RetryNotice } from '../../components/retry-notice.tsx';
import { Skeleton, SkeletonGroup } from '../../components/skeleton.tsx';
import {
  capitalize,
  countText,
  formatNumber,
  manilaDate,
  manilaDateTime,
  peso,
} from '../../lib/format.ts';
import { useProgressSummary } from '../../lib/get-progress-summary.ts';
import { useGrantedReviewers } from '../../lib/get-reviewers.ts';
import { openMessageModal } from '../../lib/open-message-modal.ts';
import { devicesQueryOptions } from '../../lib/session/get-devices.ts';
import { useMe } from '../../lib/session/get-me.ts';
import { subscriptionQueryOptions } from '../../lib/session/get-subscription.ts';
import { SUBSCRIPTION_STATUS_TONES } from '../../lib/subscription-tone.ts';
import { DisplayNameForm } from './display-name-form.tsx';
import { ExamDateSection } from './exam-date-section.tsx';
import { localDeviceIdQueryOptions, paymentsQueryOptions } from './get-account-data.ts';
import { describeDevice, STATUS_LABELS } from './labels.ts';
import './account.css';

/** A card whose data may still be loading or may have failed, with a retry. */
function Section({
  id,
  title,
  state,
  onRetry,
  children,
}: {
  id: string;
  title: string;
  state: 'pending' | 'error' | 'success';
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <section className="card account-card" aria-labelledby={id} aria-busy={state === 'pending'}>
      <h2 id={id} className="account-card__title">
        {title}
      </h2>
      {state === 'pending' ? (
        <SkeletonGroup label={`Loading ${title}`} gap="sm" className={`account-skeleton--${id}`}>
          <Skeleton size="line" />
          <Skeleton size="line" short />
        </SkeletonGroup>
      ) : state === 'error' ? (
        <RetryNotice onRetry={onRetry}>
          We could not load this. Check your connection and try again.
        </RetryNotice>
      ) : (
        children
      )}
    </section>
  );
}

function StatusBadge({ status, isFreeTrial }: Pick<SubscriptionDoc, 'status' | 'isFreeTrial'>) {
  return (
    <Chip tone={SUBSCRIPTION_STATUS_TONES[status]}>
      {isFreeTrial && SUBSCRIPTION_STATUS_TONES[status] === 'success'
        ? 'Free trial'
        : STATUS_LABELS[status]}
    </Chip>
  );
}

function SubscriptionDetails({
  sub,
  queued,
}: {
  sub: SubscriptionDoc | null;
  queued: SubscriptionDoc[];
}) {
  const blocked = isPurchaseBlocked({ current: sub, queued });
  const extending = sub !== null && isExtension(sub);
  return (
    <>
      {sub ? (
        <dl className="facts stack">
          <div className="facts__row row-spread">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={sub.status} isFreeTrial={sub.isFreeTrial} />
            </dd>
          </div>
          <div className="facts__row row-spread">
            <dt>Plan</dt>
            <dd>{sub.isFreeTrial ? 'Free trial' : (sub.selectedPlan?.name ?? '—')}</dd>
          </div>
          <div className="facts__row row-spread">
            <dt>{sub.status === 'expired' ? 'Expired' : 'Expires'}</dt>
            <dd>
              <time dateTime={sub.expiryDate}>{manilaDateTime(sub.expiryDate)}</time>{' '}
              <span className="muted">(Manila)</span>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">You have no subscription yet.</p>
      )}

      {queued.length > 0 ? (
        <div className="queued">
          <h3 className="queued__title">Next in line</h3>
          <ul className="queued__list">
            {queued.map((q) => (
              <li key={q.id} className="queued__item row-spread">
                <span>
                  {q.selectedPlan?.name ?? 'Subscription'} · until {manilaDate(q.expiryDate)}
                </span>
                <StatusBadge status={q.status} isFreeTrial={q.isFreeTrial} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {blocked ? (
        <p className="notice notice--warning">{PURCHASE_MESSAGES.PURCHASE_BLOCKED}</p>
      ) : (
        <Link className="btn btn--primary btn--block" to={PATHS.purchase}>
          {extending ? 'Extend your subscription' : 'Buy a subscription'}
        </Link>
      )}
    </>
  );
}

function Profile({ me }: { me: UserDoc }) {
  const name = me.displayName?.trim() || me.email.split('@')[0] || me.email;
  // docs/product.md#initials initials: the first name's first two words, then the surname's first letter.
  const words = name.split(/\s+/);
  const surname = words.length > 1 ? (words.at(-1) ?? null) : null;
  const firstName = words.length > 1 ? words.slice(0, -1).join(' ') : name;
  return (
    <section className="profile" aria-label="Profile">
      <span className="profile__avatar" aria-hidden="true">
        {initials(firstName, surname)}
      </span>
      <div className="profile__text">
        <p className="profile__name">{name}</p>
        <p className="profile__email">{me.email}</p>
      </div>
    </section>
  );
}

/**
 * /account (docs/product.md#screens; issue 5): name and email, level, gems and streak, the subscription (status,
 * plan, expiry in Manila time, queued ones) with a link to buy or extend unless purchase is
 * blocked (docs/product.md#states), the payment history, the devices with the current one, "Send us a message"
 * and sign out. Each card loads and fails on its own, so one slow call never blanks the screen.
 */
export function AccountPage() {
  const me = useMe();
  const summary = useProgressSummary();
  const payments = useQuery(paymentsQueryOptions());
  const devices = useQuery(devicesQueryOptions());
  const localDevice = useQuery(localDeviceIdQueryOptions());
  const subId = me.data?.subscription?.id ?? null;
  const sub = useQuery({ ...subscriptionQueryOptions(subId ?? ''), enabled: subId !== null });
  const queued = useQueries({
    queries: (me.data?.queuedSubscriptions ?? []).map((id) => subscriptionQueryOptions(id)),
  });

  const subState =
    me.isPending || (subId !== null && sub.isPending) || queued.some((q) => q.isPending)
      ? 'pending'
      : me.isError || sub.isError || queued.some((q) => q.isError)
        ? 'error'
        : 'success';
  const currentDeviceId = localDevice.data ?? devices.data?.currentDeviceUsed ?? null;
  // One track at a time (ADR 027): its exam date.
  const track = useGrantedReviewers().reviewers[0] ?? null;

  return (
    <div className="page account">
      <header className="page__header">
        <h1 className="page__title">Account</h1>
      </header>

      {me.data ? (
        <>
          <Profile me={me.data} />
          <DisplayNameForm current={me.data.displayName} />
        </>
      ) : (
        // Holds the profile's place, so the cards below do not jump when it arrives.
        <div className="profile profile--placeholder" aria-hidden="true">
          <span className="profile__avatar" />
        </div>
      )}

      <Section
        id="account-progress"
        title="Your progress"
        state={summary.status}
        onRetry={() => void summary.refetch()}
      >
        {summary.data ? (
          <>
            <dl className="stats">
              <div className="stats__item">
                <dt>Level</dt>
                <dd className={`level level--${summary.data.level}`}>
                  {capitalize(summary.data.level)}
                </dd>
              </div>
              <div className="stats__item">
                <dt>Gems</dt>
                <dd>{formatNumber(summary.data.gemsTotal)}</dd>
              </div>
              <div className="stats__item">
                <dt>Streak</dt>
                <dd>{countText(summary.data.streak.current, 'day')}</dd>
              </div>
            </dl>
            {summary.data.nextLevel ? (
              <div className="next-level stack">
                <ProgressBar
                  value={Math.min(summary.data.gemsTotal, summary.data.nextLevel.minGems)}
                  max={summary.data.nextLevel.minGems}
                  label={`Progress to ${capitalize(summary.data.nextLevel.name)}`}
                  tone="accent"
                />
                <p className="muted">
                  {countText(
                    Math.max(0, summary.data.nextLevel.minGems - summary.data.gemsTotal),
                    'gem',
                  )}{' '}
                  to {capitalize(summary.data.nextLevel.name)} · Longest streak:{' '}
                  {summary.data.streak.longest}
                </p>
              </div>
            ) : (
              <p className="muted">You reached the top level.</p>
            )}
            <p className="muted">
              Streak freezes: {summary.data.streak.freezes} of {STREAK_FREEZE.maxHeld} ·{' '}
              {countText(summary.data.gemsToSpend, 'gem')} to spend (on Tasks)
            </p>
          </>
        ) : null}
      </Section>

      {track ? <ExamDateSection track={track} /> : null}

      <Section
        id="account-subscription"
        title="Subscription"
        state={subState}
        onRetry={() => {
          void me.refetch();
          if (subId) void sub.refetch();
          for (const q of queued) void q.refetch();
        }}
      >
        <SubscriptionDetails
          sub={sub.data ?? null}
          queued={queued.flatMap((q) => (q.data ? [q.data] : []))}
        />
      </Section>

      <Section
        id="account-payments"
        title="Payment history"
        state={payments.status}
        onRetry={() => void payments.refetch()}
      >
        {payments.data && payments.data.payments.length > 0 ? (
          <ul className="payments">
            {payments.data.payments.map((p) => (
              <li key={p.id} className="payments__item">
                <div className="payments__main">
                  <span className="payments__plan">{p.planName ?? 'Subscription'}</span>
                  <span className="payments__amount">{peso(p.finalPrice)}</span>
                </div>
                <div className="payments__meta">
                  <time dateTime={p.createdAt}>{manilaDate(p.createdAt)}</time>
                  <span>
                    {p.refCode ? `Ref. ${p.refCode}` : p.hasScreenshot ? 'Screenshot' : '—'}
                  </span>
                  <StatusBadge status={p.subscriptionStatus} isFreeTrial={false} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No payments yet.</p>
        )}
      </Section>

      <Section
        id="account-devices"
        title="Devices"
        state={devices.status}
        onRetry={() => void devices.refetch()}
      >
        {devices.data && devices.data.devices.length > 0 ? (
          <ul className="devices">
            {devices.data.devices.map((d) => {
              const current = d.userDeviceID === currentDeviceId;
              return (
                <li key={d.userDeviceID} className="devices__item">
                  <div>
                    <p className="devices__name">{describeDevice(d.deviceInfo)}</p>
                    <p className="muted">
                      Since <time dateTime={d.createdAt}>{manilaDate(d.createdAt)}</time>
                      {d.isActive ? ' · signed in' : ''}
                    </p>
                  </div>
                  {current ? <Chip tone="success">This device</Chip> : null}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="muted">No devices recorded.</p>
        )}
        <p className="muted">Only one device can be signed in at a time.</p>
      </Section>

      <div className="account-actions">
        <button type="button" className="btn btn--secondary btn--block" onClick={openMessageModal}>
          Send us a message
        </button>
        <Link className="btn btn--ghost btn--block" to={PATHS.logout}>
          Sign out
        </Link>
      </div>
    </div>
  );
}
