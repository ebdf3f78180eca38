import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField } from '../../../components/select-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { AdminSectionHead, LoadFailure, LoadMore } from '../admin-parts.tsx';
import { type InboxFilters, useInbox } from './get-inbox.ts';
import { MessageCard } from './message-card.tsx';

const TYPE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'feedbacks', label: 'Feedback' },
  { value: 'suggestions', label: 'Suggestions' },
  { value: 'issues', label: 'Issues' },
] as const;

const STATUS_FILTERS = ['all', 'unread', 'read'] as const;

function readFilters(params: URLSearchParams): InboxFilters {
  const type = TYPE_FILTERS.find((t) => t.value === params.get('type'))?.value ?? 'all';
  const status = STATUS_FILTERS.find((s) => s === params.get('status')) ?? 'all';
  return { type, status, archived: params.get('archived') === 'true' };
}

/**
 * /admin/messages (issue 5 item 5): the send-us-a-message inbox, newest first, by type and
 * status, the archive on request; filters live in the URL so a reload keeps them.
 */
export function MessagesSection() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const inbox = useInbox(filters);
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), 5000);
    return () => clearTimeout(timer);
  }, [notice]);

  function setFilters(next: Partial<InboxFilters>) {
    const merged = { ...filters, ...next };
    const search: Record<string, string> = {};
    if (merged.type !== 'all') search.type = merged.type;
    if (merged.status !== 'all') search.status = merged.status;
    if (merged.archived) search.archived = 'true';
    setParams(search, { replace: true });
  }

  const counts = inbox.data?.pages[0]?.counts;
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <AdminSectionHead headingId={headingId} title="Messages" query={inbox} />

      <fieldset className="admin-chips">
        <legend className="visually-hidden">Filter by type</legend>
        {TYPE_FILTERS.map((t) => (
          <button
            key={t.value}
            type="button"
            className="admin-chip"
            aria-pressed={filters.type === t.value}
            onClick={() => setFilters({ type: t.value })}
          >
            {t.label}
            <span className="admin-chip__count">
              {counts ? counts[t.value].unread : '·'}
              <span className="visually-hidden"> unread</span>
            </span>
          </button>
        ))}
      </fieldset>

      <div className="admin-controls">
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters({ status: status as InboxFilters['status'] })}
          className="admin-controls__field"
          labelClassName="admin-controls__label"
          selectClassName="select admin-select"
        >
          <option value="all">All</option>
          <option value="unread">Unread</option>
          <option value="read">Read</option>
        </SelectField>
        <label className="admin-switch">
          <input
            type="checkbox"
            checked={filters.archived}
            onChange={(e) => setFilters({ archived: e.target.checked })}
          />
          <span>Show archived{counts ? ` (${counts.archived})` : ''}</span>
        </label>
      </div>

      <p className="admin-notice" role="status">
        {notice}
      </p>

      {inbox.isPending ? (
        <p className="admin-loading">
          <Spinner /> Loading messages…
        </p>
      ) : inbox.isError ? (
        <LoadFailure query={inbox}>Could not load the messages. {inbox.error.message}</LoadFailure>
      ) : items.length === 0 ? (
        <p className="admin-empty">
          {filters.archived ? 'The archive is empty.' : 'No messages here. All caught up.'}
        </p>
      ) : (
        <ul className="admin-list" aria-label={filters.archived ? 'Archived messages' : 'Messages'}>
          {items.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} onChanged={setNotice} />
            </li>
          ))}
        </ul>
      )}

      <LoadMore query={inbox} />
    </section>
  );
}
