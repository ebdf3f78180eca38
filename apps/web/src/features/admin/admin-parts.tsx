import { type ReactNode, useEffect, useState } from 'react';
import { RetryNotice } from '../../components/retry-notice.tsx';
import { Spinner } from '../../components/spinner.tsx';

/** The query state the console's lists share (a TanStack query, infinite for `LoadMore`). */
type Refetchable = { refetch: () => unknown; isFetching: boolean };
type Loadable = Refetchable & { isPending: boolean; isError: boolean; error: Error | null };
type Paged = {
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
};

/** A console section's heading with its Refresh button (spinning while the list reloads). */
export function AdminSectionHead({
  headingId,
  title,
  query,
}: {
  headingId: string;
  title: ReactNode;
  query: Refetchable;
}) {
  return (
    <div className="admin-section__head row-spread">
      <h2 id={headingId} className="admin-section__title">
        {title}
      </h2>
      <button
        type="button"
        className="btn btn--ghost admin-refresh"
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
      >
        {query.isFetching ? <Spinner size="sm" /> : null}
        Refresh
      </button>
    </div>
  );
}

/** A list that failed to load: what went wrong and a Try again button. */
export function LoadFailure({ children, query }: { children: ReactNode; query: Refetchable }) {
  return <RetryNotice onRetry={() => query.refetch()}>{children}</RetryNotice>;
}

/** The next page of a paged list, while there is one. */
export function LoadMore({ query }: { query: Paged }) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn--secondary btn--block"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? <Spinner size="sm" /> : null}
      Load more
    </button>
  );
}

/** A line saying what is loading, with a spinner. */
export function AdminLoading({ small, children }: { small?: boolean; children: ReactNode }) {
  return (
    <p className="admin-loading">
      <Spinner size={small ? 'sm' : 'md'} /> {children}
    </p>
  );
}

/**
 * A console section's list: loading, failed (with Try again), empty, or the items, one `<li>`
 * each, under `label`.
 */
export function AdminList<T>({
  query,
  items,
  label,
  loading,
  failure,
  empty,
  itemKey,
  children,
}: {
  query: Loadable;
  items: T[];
  label: string;
  loading: string;
  failure: string;
  empty: ReactNode;
  itemKey: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <AdminLoading>{loading}</AdminLoading>;
  if (query.isError) {
    return (
      <LoadFailure query={query}>
        {failure} {query.error?.message}
      </LoadFailure>
    );
  }
  if (items.length === 0) return <p className="admin-empty">{empty}</p>;
  return (
    <ul className="admin-list" aria-label={label}>
      {items.map((item) => (
        <li key={itemKey(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** A short confirmation for the section's status line, cleared after five seconds. */
export function useFlashNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), 5000);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice] as const;
}

/** The filter chips above a console list: one pressed, each with its count (`·` until known). */
export function AdminChips<V extends string>({
  legend,
  options,
  selected,
  onSelect,
  count,
}: {
  legend: string;
  options: readonly { value: V; label: string }[];
  selected: V;
  onSelect: (value: V) => void;
  count: (value: V) => ReactNode;
}) {
  return (
    <fieldset className="admin-chips">
      <legend className="visually-hidden">{legend}</legend>
      {options.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          className="admin-chip"
          aria-pressed={value === selected}
          onClick={() => onSelect(value)}
        >
          {label}
          <span className="admin-chip__count">{count(value)}</span>
        </button>
      ))}
    </fieldset>
  );
}

/** A button that shows or hides the part of a card it controls (`controls`, its id). */
export function DisclosureButton({
  className,
  open,
  controls,
  onToggle,
  children,
}: {
  className: string;
  open: boolean;
  controls: string;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {children}
    </button>
  );
}
