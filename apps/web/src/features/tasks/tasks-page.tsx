import { type ChallengeView, type ClaimResult, PATHS } from '@pasado/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Chip } from '../../components/chip.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { RetryNotice } from '../../components/retry-notice.tsx';
import { Skeleton, SkeletonGroup } from '../../components/skeleton.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { icon } from '../../components/svg-icon.tsx';
import { ApiError } from '../../lib/api.ts';
import { capitalize, countText, nounFor } from '../../lib/format.ts';
import { useProgressSummary } from '../../lib/get-progress-summary.ts';
import { type ClaimRequest, useClaimReward } from './claim-reward.ts';
import { OfflineError } from './online-only.ts';
import { StreakFreezeCard } from './streak-freeze-card.tsx';
import './tasks.css';

const FlameIcon = icon(
  <path d="M12 22c4 0 7-2.7 7-6.7 0-3.6-2.4-6-4.2-8.3-.4 2-1.5 3.4-2.8 4C12.6 7.6 11 4.6 8.5 2 8.8 6 5 8.6 5 15.3 5 19.3 8 22 12 22z" />,
);

const LockIcon = icon(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>,
);

function claimErrorText(error: unknown): string {
  if (error instanceof OfflineError) {
    return 'You are offline: the reward was not claimed. Try again when you are back online.';
  }
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'The reward was not claimed. Check your connection and try again.';
}

function resultText(result: ClaimResult): string {
  // The server answers a reward it paid before (on another device, or a claim from this phone
  // whose answer was lost) with that first outcome: its gems, though this tap added none.
  if (result.alreadyClaimed || result.gems === 0) {
    return 'Already claimed earlier: no gems added this time.';
  }
  const gained = `+${countText(result.gems, 'gem')} added.`;
  return result.leveledUp ? `${gained} You reached ${capitalize(result.level)}!` : gained;
}

function ChallengeRow({
  item,
  busy,
  disabled,
  onClaim,
}: {
  item: ChallengeView;
  busy: boolean;
  disabled: boolean;
  onClaim: () => void;
}) {
  return (
    <li className={`challenge challenge--${item.status}`}>
      <div className="challenge__body">
        <p className="challenge__title">{item.title}</p>
        <p className="challenge__text">{item.description}</p>
      </div>
      <div className="challenge__action">
        {item.status === 'unclaimed' ? (
          <button
            type="button"
            className="btn btn--accent"
            onClick={onClaim}
            disabled={disabled}
            aria-label={`Claim ${countText(item.points, 'gem')} for ${item.title}`}
          >
            {busy ? <Spinner size="sm" /> : null}
            {busy ? 'Claiming…' : `Claim +${item.points}`}
          </button>
        ) : item.status === 'claimed' ? (
          <Chip tone="success" icon="✓">
            Claimed
          </Chip>
        ) : (
          <Chip icon={<LockIcon />}>
            <span className="visually-hidden">Locked, reward </span>+{item.points}
          </Chip>
        )}
      </div>
      <div className="challenge__progress">
        <ProgressBar
          value={item.current}
          max={item.target}
          label={`${item.title} progress`}
          tone={item.status === 'locked' ? 'primary' : 'success'}
        />
        <span className="challenge__count">
          {item.current}/{item.target}
        </span>
      </div>
    </li>
  );
}

/**
 * /tasks (docs/product.md#screens, #overview; issue 5): streak and mastery challenges with their status and progress,
 * drill points to claim, and Claim buttons that pay once. The menu's red dot follows the live user
 * document and goes away once nothing is left to claim.
 */
export function TasksPage() {
  const summary = useProgressSummary();
  const claim = useClaimReward();
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<{ key: string; text: string; error: boolean } | null>(
    null,
  );

  const run = (key: string, request: ClaimRequest) => {
    if (claim.isPending) return;
    setPendingKey(key);
    setFeedback(null);
    claim.mutate(request, {
      onSuccess: (result) => setFeedback({ key, text: resultText(result), error: false }),
      onError: (error) => setFeedback({ key, text: claimErrorText(error), error: true }),
      onSettled: () => setPendingKey(null),
    });
  };

  if (summary.isPending) {
    return (
      <div className="page" aria-busy="true">
        <header className="page__header">
          <h1 className="page__title">Tasks</h1>
        </header>
        <SkeletonGroup label="Loading your tasks">
          <Skeleton size="block" />
          <Skeleton size="block" />
          <Skeleton size="panel" />
        </SkeletonGroup>
      </div>
    );
  }

  if (summary.isError) {
    return (
      <div className="page">
        <header className="page__header">
          <h1 className="page__title">Tasks</h1>
        </header>
        <RetryNotice onRetry={() => summary.refetch()}>
          We could not load your tasks. Check your connection and try again.
        </RetryNotice>
      </div>
    );
  }

  const data = summary.data;
  const drillKey = 'drill';
  const feedbackFor = (key: string) =>
    feedback?.key === key ? (
      <p className={feedback.error ? 'form-error' : 'claim-note'}>{feedback.text}</p>
    ) : null;

  const section = (kind: 'streak' | 'mastery', title: string, lead: string) => {
    const items = data.challenges[kind];
    const open = items.filter((i) => i.status === 'unclaimed').length;
    return (
      <section className="card tasks-section" aria-labelledby={`tasks-${kind}`}>
        <div className="tasks-section__head row-spread">
          <h2 id={`tasks-${kind}`} className="tasks-section__title">
            {title}
          </h2>
          {open > 0 ? <Chip tone="warning">{open} to claim</Chip> : null}
        </div>
        <p className="tasks-section__lead">{lead}</p>
        <ul className="challenge-list">
          {items.map((item) => {
            const key = `${item.kind}:${item.id}`;
            return (
              <ChallengeRow
                key={key}
                item={item}
                busy={pendingKey === key}
                disabled={claim.isPending}
                onClaim={() => run(key, { type: 'challenge', kind: item.kind, id: item.id })}
              />
            );
          })}
        </ul>
        <div role="status" className="tasks-section__status">
          {feedback && items.some((i) => `${i.kind}:${i.id}` === feedback.key)
            ? feedbackFor(feedback.key)
            : null}
        </div>
      </section>
    );
  };

  return (
    <div className="page tasks">
      <header className="page__header">
        <h1 className="page__title">Tasks</h1>
        <p className="tasks__lead">Keep your streak, master topics and claim your gems.</p>
      </header>

      <section className="card drill-card" aria-labelledby="tasks-drill">
        <div className="drill-card__main">
          <h2 id="tasks-drill" className="tasks-section__title">
            Drill points
          </h2>
          {data.unclaimedDrillPoints > 0 ? (
            <p className="drill-card__points">
              <strong>{data.unclaimedDrillPoints}</strong>{' '}
              {nounFor(data.unclaimedDrillPoints, 'point')} to claim
            </p>
          ) : (
            <p className="tasks-section__lead">
              No drill points to claim. Earn them in <Link to={PATHS.study}>Study → Drill</Link>.
            </p>
          )}
        </div>
        {data.unclaimedDrillPoints > 0 ? (
          <button
            type="button"
            className="btn btn--accent"
            disabled={claim.isPending}
            onClick={() => run(drillKey, { type: 'drill', claimId: crypto.randomUUID() })}
          >
            {pendingKey === drillKey ? <Spinner size="sm" /> : null}
            {pendingKey === drillKey ? 'Claiming…' : 'Claim'}
          </button>
        ) : null}
        <div role="status" className="drill-card__status">
          {feedbackFor(drillKey)}
        </div>
      </section>

      <p className="streak-line">
        <FlameIcon className="streak-line__flame" />
        Current streak: <strong>{data.streak.current}</strong> {nounFor(data.streak.current, 'day')}{' '}
        · Longest: {data.streak.longest}
      </p>

      <StreakFreezeCard summary={data} />

      {section(
        'streak',
        'Streak challenges',
        'Finish a quiz or study session every day (Manila time) to grow your streak.',
      )}
      {section('mastery', 'Mastery challenges', 'Answer correctly and master whole topics.')}
    </div>
  );
}
