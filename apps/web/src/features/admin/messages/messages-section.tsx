import type { StaffMessage } from '@pasado/core';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField } from '../../../components/select-field.tsx';
import {
  AdminChips,
  AdminList,
  AdminSectionHead,
  LoadMore,
  useFlashNotice,
} from '../admin-parts.tsx';
import { type MessageFilters, useMessages } from './get-messages.ts';
import { MessageCard } from './message-card.tsx';

const TYPE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'feedbacks', label: 'Feedback' },
  { value: 'suggestions', label: 'Suggestions' },
  { value: 'issues', label: 'Issues' },
] as const;

const STATUS_FILTERS = ['all', 'unread', 'read'] as const;

function readFilters(params: URLSearchParams): MessageFilters {
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
  const messages = useMessages(filters);
  const [notice, setNotice] = useFlashNotice();
  const headingId = useId();

  function setFilters(next: Partial<MessageFilters>) {
    const merged = { ...filters, ...next };
    const search: Record<string, string> = {};
    if (merged.type !== 'all') search.type = merged.type;
    if (merged.status !== 'all') search.status = merged.status;
    if (merged.archived) search.archived = 'true';
    setParams(search, { replace: true, preventScrollReset: true });
  }

  // Messages opened (so marked read) under these filters stay on screen until the filters change:
  // under "Unread" the refetched list drops them, and staff were still reading (the text beyond
  // the clamp, the attachment). Keyed by the filters, so changing them starts afresh.
  const filtersKey = JSON.stringify(filters);
  const [opened, setOpened] = useState<{ key: string; byId: Map<string, StaffMessage> }>({
    key: filtersKey,
    byId: new Map(),
  });
  const openedHere = opened.key === filtersKey ? opened.byId : new Map<string, StaffMessage>();
  function keepOpened(message: StaffMessage, read: boolean) {
    setOpened((prev) => {
      const byId = new Map(prev.key === filtersKey ? prev.byId : []);
      if (read) byId.set(message.id, message);
      else byId.delete(message.id);
      return { key: filtersKey, byId };
    });
  }

  const counts = messages.data?.pages[0]?.counts;
  const fetched = messages.data?.pages.flatMap((page) => page.items) ?? [];
  const fetchedIds = new Set(fetched.map((m) => m.id));
  const kept = [...openedHere.values()].filter((m) => !fetchedIds.has(m.id));
  // Newest first, as the server lists them; a kept message goes back where it was.
  const items =
    kept.length === 0
      ? fetched
      : [...fetched, ...kept].sort((a, b) => b.submittedDate.localeCompare(a.submittedDate));

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <AdminSectionHead headingId={headingId} title="Messages" query={messages} />

      <AdminChips
        legend="Filter by type"
        options={TYPE_FILTERS}
        selected={filters.type}
        onSelect={(type) => setFilters({ type })}
        count={(type) => (
          <>
            {counts ? counts[type].unread : '·'}
            <span className="visually-hidden"> unread</span>
          </>
        )}
      />

      <div className="admin-controls">
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters({ status: status as MessageFilters['status'] })}
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

      <AdminList
        query={messages}
        items={items}
        label={filters.archived ? 'Archived messages' : 'Messages'}
        loading="Loading messages…"
        failure="Could not load the messages."
        empty={filters.archived ? 'The archive is empty.' : 'No messages here. All caught up.'}
        itemKey={(message) => message.id}
      >
        {(message) => (
          <MessageCard message={message} onChanged={setNotice} onOpenedRead={keepOpened} />
        )}
      </AdminList>

      <LoadMore query={messages} />
    </section>
  );
}
