import type { ReactNode } from 'react';
import './skeleton.css';

/**
 * Placeholder heights, each about as tall as what it stands for, so the page does not jump when the
 * data arrives (Lighthouse: layout shift): a text `line`, a list `row` (a leaderboard entry), an
 * `item` (a choice card), a `block` (a small card), a `card` and a `panel` (a long card).
 */
export type SkeletonSize = 'line' | 'row' | 'item' | 'block' | 'card' | 'panel';

/** One grey placeholder shape; hidden from screen readers (the group says what is loading). */
export function Skeleton({ size, short = false }: { size: SkeletonSize; short?: boolean }) {
  return (
    <div
      className={`skeleton skeleton--${size}${short ? ' skeleton--short' : ''}`}
      aria-hidden="true"
    />
  );
}

/** Placeholders stacked with a gap, announced once as `label` ("Loading your tasks"). */
export function SkeletonGroup({
  label,
  gap = 'lg',
  className,
  children,
}: {
  label: string;
  gap?: 'sm' | 'md' | 'lg';
  /** Layout of the place the group holds (e.g. a card's min-height), not its look. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`skeleton-group skeleton-group--${gap}${className ? ` ${className}` : ''}`}
      role="status"
      aria-label={label}
    >
      {children}
    </div>
  );
}
