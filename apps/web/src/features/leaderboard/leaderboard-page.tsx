import type { LeaderboardEntry, LeaderboardResponse } from '@pasado/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Chip, type ChipTone } from '../../components/chip.tsx';
import { Skeleton, SkeletonGroup } from '../../components/skeleton.tsx';
import { capitalize, formatNumber, manilaShortDate } from '../../lib/format.ts';
import { type BoardKind, leaderboardQueryOptions } from './get-leaderboard.ts';
import './leaderboard.css';

const BOARDS: { kind: BoardKind; label: string }[] = [
  { kind: 'week', label: 'This week' },
  { kind: 'season', label: 'Season' },
];

/** The colour of each level (docs/product.md#progress); an unknown level is neutral. */
const LEVEL_TONES: Partial<Record<string, ChipTone>> = {
  emerald: 'success',
  sapphire: 'info',
  ruby: 'danger',
  amethyst: 'violet',
  diamond: 'sky',
};

/** /leaderboard, its empty-path child (docs/product.md#screens): this week's and the open season's rankings. */
export function LeaderboardDashboardPage() {
  const [board, setBoard] = useState<BoardKind>('week');
  const query = useQuery(leaderboardQueryOptions(board));

  return (
    <div className="page leaderboard">
      <header className="page__header">
        <h1 className="page__title">Leaderboard</h1>
      </header>
      <div className="segmented" role="tablist" aria-label="Ranking period">
        {BOARDS.map((b) => (
          <button
            key={b.kind}
            type="button"
            role="tab"
            id={`board-tab-${b.kind}`}
            aria-selected={board === b.kind}
            aria-controls="board-panel"
            className="segmented__option"
            onClick={() => setBoard(b.kind)}
          >
            {b.label}
          </button>
        ))}
      </div>
      <section id="board-panel" role="tabpanel" aria-labelledby={`board-tab-${board}`}>
        {query.isPending ? (
          <BoardSkeleton />
        ) : query.isError ? (
          <div className="notice notice--danger" role="alert">
            <p>We couldn't load the leaderboard. Check your connection.</p>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void query.refetch()}
            >
              Try again
            </button>
          </div>
        ) : (
          <Board data={query.data} />
        )}
      </section>
    </div>
  );
}

function Board({ data }: { data: LeaderboardResponse }) {
  if (data.period === null) {
    return (
      <div className="card leaderboard__empty">
        <p className="leaderboard__empty-title">No season is running</p>
        <p>Seasons are announced by the Pasado team. Meanwhile, climb this week's board.</p>
      </div>
    );
  }
  return (
    <>
      <p className="leaderboard__period">
        {data.board === 'week'
          ? `${manilaShortDate(data.period.startsAt)} – ${manilaShortDate(data.period.endsAt)}`
          : `${data.period.name} · ends ${manilaShortDate(data.period.endsAt)}`}
        {data.ranked > 0 ? ` · ${formatNumber(data.ranked)} ranked` : ''}
      </p>
      <MyStanding data={data} />
      {data.top.length === 0 ? (
        <div className="card leaderboard__empty">
          <p className="leaderboard__empty-title">No points yet</p>
          <p>Answer questions and finish quizzes to be the first on the board.</p>
        </div>
      ) : (
        <ol className="leaderboard__list" aria-label="Top students">
          {data.top.map((entry) => (
            <Row key={entry.rank} entry={entry} />
          ))}
        </ol>
      )}
    </>
  );
}

function MyStanding({ data }: { data: LeaderboardResponse }) {
  return (
    <div className="card my-standing" aria-live="polite">
      {data.me ? (
        <>
          <span className="my-standing__label">Your rank</span>
          <span className="my-standing__rank">#{formatNumber(data.me.rank)}</span>
          <span className="my-standing__points">{formatNumber(data.me.points)} pts</span>
        </>
      ) : (
        <span className="my-standing__label">
          You have no points {data.board === 'week' ? 'this week' : 'this season'} yet. Every
          correct answer counts.
        </span>
      )}
    </div>
  );
}

/** The avatar colour follows the initials, so a student keeps one colour everywhere. */
function avatarTone(initials: string): number {
  let sum = 0;
  for (const char of initials) sum += char.codePointAt(0) ?? 0;
  return sum % 6;
}

function Row({ entry }: { entry: LeaderboardEntry }) {
  return (
    <li className={`board-row${entry.isMe ? ' board-row--me' : ''}`}>
      <span className={`board-row__rank${entry.rank <= 3 ? ' board-row__rank--top' : ''}`}>
        {entry.rank}
      </span>
      <span className={`avatar avatar--${avatarTone(entry.initials)}`} aria-hidden="true">
        {entry.initials}
      </span>
      <span className="board-row__who">
        <span className="board-row__name">
          {entry.name}
          {entry.isMe ? <span className="board-row__you"> (you)</span> : null}
        </span>
        <Chip tone={LEVEL_TONES[entry.level] ?? 'neutral'} className="board-row__level">
          {capitalize(entry.level)}
        </Chip>
      </span>
      <span className="board-row__points">
        {formatNumber(entry.points)}
        <span className="visually-hidden"> points</span>
        <span aria-hidden="true"> pts</span>
      </span>
    </li>
  );
}

function BoardSkeleton() {
  return (
    <SkeletonGroup label="Loading the leaderboard" gap="sm">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={i} size="row" />
      ))}
    </SkeletonGroup>
  );
}
