import type { ReactNode } from 'react';
import { Spinner } from '../../components/spinner.tsx';

/** The query state the console's lists share (a TanStack query, infinite for `LoadMore`). */
type Refetchable = { refetch: () => unknown; isFetching: boolean };
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
    <div className="admin-section__head">
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
  return (
    <div className="notice notice--danger" role="alert">
      <p>{children}</p>
      <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
        Try again
      </button>
    </div>
  );
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
