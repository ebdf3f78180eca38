import { FLASH_RATINGS, type FlashQueueCard, type FlashRating } from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { type PointerEvent, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Chip } from '../../components/chip.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { launcherHref } from '../../lib/study-links.ts';
import { useWindowKeydown } from '../../lib/use-window-keydown.ts';
import { flashQueueQueryOptions, useFlashQueue } from './api/get-flash-queue.ts';
import { studyOverviewQueryKey } from './api/get-study-overview.ts';
import { describeInterval, formatInterval } from './format-interval.ts';
import { errorText, OfflineNote, StudyEmpty, StudyError, StudyLoading } from './study-states.tsx';
import { finishStreak, SessionFinishNotice, StreakLine, StudySummary } from './study-summary.tsx';
import { useReviewOutbox } from './use-review-outbox.ts';
import { useSessionFinish } from './use-session-finish.ts';
import { useStudyScope } from './use-study-scope.ts';

const LABELS: Record<FlashRating, string> = {
  again: 'Again',
  hard: 'Hard',
  good: 'Good',
  easy: 'Easy',
};

/** Horizontal travel (px) that makes a swipe a rating: left = Again, right = Good. */
const SWIPE_PX = 80;

type Tally = Record<FlashRating, number>;
const EMPTY_TALLY: Tally = { again: 0, hard: 0, good: 0, easy: 0 };

/**
 * Flash cards (issue 4 item 6): FSRS-scheduled cards, flipped with a tap or Space, rated
 * again/hard/good/easy with the buttons (each says when the card comes back), the keys 1–4, or a
 * swipe once the answer shows. Ratings are queued and sent in the background (useReviewOutbox).
 * With no connection the queue is built on the phone from the kept cards and schedules
 * (offline-study.ts), the same FSRS rule as the server's.
 */
export function FlashMode() {
  const { reviewer, scope } = useStudyScope();
  const client = useQueryClient();
  const queue = useFlashQueue(reviewer, scope);
  const outbox = useReviewOutbox(reviewer);
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [tally, setTally] = useState<Tally>(EMPTY_TALLY);
  const shownAt = useRef(Date.now());

  const cards = queue.data?.cards ?? [];
  const card: FlashQueueCard | undefined = cards[index];
  const done = queue.isSuccess && cards.length > 0 && index >= cards.length;

  const rate = useCallback(
    (rating: FlashRating) => {
      if (!card || !flipped) return;
      outbox.add({
        reviewId: crypto.randomUUID(),
        cardId: card.id,
        rating,
        seconds: Math.round((Date.now() - shownAt.current) / 1000),
        reviewedAt: new Date().toISOString(),
      });
      setTally((t) => ({ ...t, [rating]: t[rating] + 1 }));
      setFlipped(false);
      setIndex((i) => i + 1);
      shownAt.current = Date.now();
    },
    [card, flipped, outbox],
  );

  useWindowKeydown((event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, select, textarea')) return;
    if (event.key === ' ' || event.key === 'Spacebar') {
      if (!card) return;
      event.preventDefault();
      setFlipped((f) => !f);
      return;
    }
    const n = Number(event.key);
    const rating = FLASH_RATINGS[n - 1];
    if (rating && Number.isInteger(n)) {
      event.preventDefault();
      rate(rating);
    }
  });

  const restart = async () => {
    await client.invalidateQueries({
      queryKey: flashQueueQueryOptions(reviewer, scope).queryKey,
    });
    void client.invalidateQueries({ queryKey: studyOverviewQueryKey(reviewer) });
    setIndex(0);
    setFlipped(false);
    setTally(EMPTY_TALLY);
    shownAt.current = Date.now();
  };

  // Not a queue kept from an earlier visit: this session's (refetchOnMount 'always').
  if (queue.isPending || (!queue.isFetchedAfterMount && !queue.isError)) {
    return <StudyLoading label="Loading your cards" />;
  }
  if (queue.isError) {
    return (
      <StudyError
        message={errorText(queue.error, 'We could not load your cards.')}
        onRetry={() => void queue.refetch()}
      />
    );
  }

  const header = (
    <header className="study-head stack">
      <h1 className="study-head__title">Flash cards</h1>
      {cards.length > 0 && !done ? (
        <>
          <p className="study-head__meta" aria-live="polite">
            Card {Math.min(index + 1, cards.length)} of {cards.length}
          </p>
          <ProgressBar value={index} max={cards.length} label="Session progress" />
        </>
      ) : null}
      {queue.data.offline ? <OfflineNote /> : null}
    </header>
  );

  if (cards.length === 0) {
    return (
      <>
        {header}
        <StudyEmpty title="All caught up">
          <p>No cards are due right now.</p>
          {queue.data.nextDueAt ? (
            <p>
              The next card comes back in{' '}
              {describeInterval(new Date(queue.data.nextDueAt).getTime() - Date.now())}.
            </p>
          ) : null}
          {queue.data.newCount > 0 && queue.data.newCardsLeftToday === 0 ? (
            <p>
              You have seen today’s {queue.data.newCardsPerDay} new cards. More new cards tomorrow.
            </p>
          ) : null}
        </StudyEmpty>
        <Link className="btn btn--secondary btn--block" to={launcherHref(reviewer, scope)}>
          Back to Study
        </Link>
      </>
    );
  }

  if (done || !card) {
    return (
      <>
        {header}
        <FlashSummary
          reviewer={reviewer}
          tally={tally}
          pending={outbox.pending}
          failing={outbox.failing}
          onRetry={outbox.retry}
          onAgain={() => void restart()}
          backHref={launcherHref(reviewer, scope)}
        />
      </>
    );
  }

  return (
    <>
      {header}
      <FlashCardView
        card={card}
        flipped={flipped}
        onFlip={() => setFlipped((f) => !f)}
        onRate={rate}
      />
      <fieldset className="flash-rate">
        <legend className="visually-hidden">How well did you know it?</legend>
        {FLASH_RATINGS.map((rating, i) => (
          <button
            key={rating}
            type="button"
            className={`flash-rate__btn flash-rate__btn--${rating}`}
            disabled={!flipped}
            onClick={() => rate(rating)}
            aria-keyshortcuts={String(i + 1)}
            aria-label={`${LABELS[rating]}: comes back in ${describeInterval(card.intervals[rating])}`}
          >
            {/* The name starts with the word shown (WCAG 2.5.3) and says the interval in words; the
                short "1d" is drawn by CSS from data-hint so it is not a second, clipped name. */}
            <span className="flash-rate__label">{LABELS[rating]}</span>
            <span
              className="flash-rate__hint"
              data-hint={formatInterval(card.intervals[rating])}
              aria-hidden="true"
            />
          </button>
        ))}
      </fieldset>
      <p className="study-hint">
        {flipped
          ? 'Rate it: keys 1–4, or swipe left for Again and right for Good.'
          : 'Tap the card or press Space to see the answer.'}
      </p>
      <OutboxNotice pending={outbox.pending} failing={outbox.failing} onRetry={outbox.retry} />
    </>
  );
}

function FlashCardView({
  card,
  flipped,
  onFlip,
  onRate,
}: {
  card: FlashQueueCard;
  flipped: boolean;
  onFlip: () => void;
  onRate: (rating: FlashRating) => void;
}) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const [swipe, setSwipe] = useState<'left' | 'right' | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const s = start.current;
    if (!s || s.id !== event.pointerId || !flipped) return;
    const dx = event.clientX - s.x;
    setSwipe(dx <= -SWIPE_PX ? 'left' : dx >= SWIPE_PX ? 'right' : null);
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const s = start.current;
    start.current = null;
    setSwipe(null);
    if (!s || s.id !== event.pointerId) return;
    const dx = event.clientX - s.x;
    if (flipped && Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - s.y)) {
      event.preventDefault();
      suppressClick.current = true;
      onRate(dx < 0 ? 'again' : 'good');
    }
  };
  // A swipe ends in a click on the same element; that click must not flip the next card.
  const suppressClick = useRef(false);

  return (
    <button
      type="button"
      className="flash-card"
      data-flipped={flipped}
      data-swipe={swipe ?? undefined}
      aria-expanded={flipped}
      onClick={() => {
        if (suppressClick.current) {
          suppressClick.current = false;
          return;
        }
        onFlip();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        setSwipe(null);
      }}
    >
      {/* Said first, and in words the card shows, rather than an aria-label hiding the card. */}
      {flipped ? null : <span className="visually-hidden">Show the answer: </span>}
      <span className="flash-card__topic">{card.topicName}</span>
      {card.state === 'new' ? <Chip tone="info">New</Chip> : null}
      <span className="flash-card__front">{card.front}</span>
      {flipped ? (
        <span className="flash-card__back" aria-live="polite">
          <span className="flash-card__answer">{card.back}</span>
          {card.rationale ? <span className="flash-card__why">{card.rationale}</span> : null}
        </span>
      ) : (
        <span className="flash-card__tap" aria-hidden="true">
          Tap to flip
        </span>
      )}
    </button>
  );
}

function OutboxNotice({
  pending,
  failing,
  onRetry,
}: {
  pending: number;
  failing: boolean;
  onRetry: () => void;
}) {
  if (!failing || pending === 0) return null;
  return (
    <div className="notice notice--warning" role="status">
      <p>
        {pending} rating{pending === 1 ? ' is' : 's are'} not saved yet. They are kept on this phone
        and sent when you are back online.
      </p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        Send now
      </button>
    </div>
  );
}

function FlashSummary({
  reviewer,
  tally,
  pending,
  failing,
  onRetry,
  onAgain,
  backHref,
}: {
  reviewer: string;
  tally: Tally;
  pending: number;
  failing: boolean;
  onRetry: () => void;
  onAgain: () => void;
  backHref: string;
}) {
  const reviewed = tally.again + tally.hard + tally.good + tally.easy;
  // Queued behind the session's ratings: the server counts the day once it has them.
  const finish = useSessionFinish(reviewer, 'flash', true);

  return (
    <StudySummary
      titleId="flash-summary-title"
      title="Session complete"
      big={
        <>
          {reviewed} card{reviewed === 1 ? '' : 's'} reviewed
        </>
      }
      again={
        <button type="button" className="btn btn--primary btn--block" onClick={onAgain}>
          Study more
        </button>
      }
      backHref={backHref}
    >
      <dl className="study-summary__grid">
        {FLASH_RATINGS.map((rating) => (
          <div key={rating} className={`study-summary__cell study-summary__cell--${rating}`}>
            <dt>{LABELS[rating]}</dt>
            <dd>{tally[rating]}</dd>
          </div>
        ))}
      </dl>
      {tally.again > 0 ? (
        <p className="study-summary__text">
          {tally.again} card{tally.again === 1 ? '' : 's'} will come back in a minute or so.
        </p>
      ) : null}
      <StreakLine streak={finishStreak(finish)} />
      <SessionFinishNotice finish={finish} />
      <OutboxNotice pending={pending} failing={failing} onRetry={onRetry} />
    </StudySummary>
  );
}
