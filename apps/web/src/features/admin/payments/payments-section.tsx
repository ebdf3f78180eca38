import { REVIEW_FILTERS, type ReviewFilter, type ReviewItem, type StaffAction } from '@pasado/core';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import {
  AdminChips,
  AdminList,
  AdminLoading,
  AdminSectionHead,
  LoadMore,
  useFlashNotice,
} from '../admin-parts.tsx';
import { ActionDialog, type ActionTarget } from './action-dialog.tsx';
import { AuditList } from './audit-list.tsx';
import { useRecentAudit } from './get-recent-audit.ts';
import { useReviewQueue } from './get-review-queue.ts';
import { FILTER_LABELS } from './labels.ts';
import { ReviewCard } from './review-card.tsx';
import { ScreenshotDialog } from './screenshot-dialog.tsx';

function toFilter(value: string | null): ReviewFilter {
  return (REVIEW_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as ReviewFilter)
    : 'needsAction';
}

/**
 * /admin, the Payments tab (issue 3 item 6; docs/product.md#staff): the review queue oldest first,
 * filtered by status (kept in the URL, so a reload or a shared link keeps it), with the counts,
 * each item's actions and trail, and the recent activity of all staff.
 */
export function PaymentsSection() {
  const [params, setParams] = useSearchParams();
  const filter = toFilter(params.get('status'));
  const queue = useReviewQueue(filter);
  const [target, setTarget] = useState<ActionTarget | null>(null);
  const [shot, setShot] = useState<{ url: string; label: string } | null>(null);
  const [notice, setNotice] = useFlashNotice();
  const headingId = useId();

  const counts = queue.data?.pages[0]?.counts;
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <AdminSectionHead headingId={headingId} title="Payments" query={queue} />

      <AdminChips
        legend="Filter by status"
        options={REVIEW_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
        selected={filter}
        onSelect={(value) =>
          setParams(value === 'needsAction' ? {} : { status: value }, {
            replace: true,
            preventScrollReset: true,
          })
        }
        count={(value) => (counts ? counts[value] : '·')}
      />

      <p className="admin-notice" role="status">
        {notice}
      </p>

      <AdminList
        query={queue}
        items={items}
        label={`${FILTER_LABELS[filter]} payments`}
        loading="Loading payments…"
        failure="Could not load the payments."
        empty={
          filter === 'needsAction'
            ? 'Nothing to review. Every payment has been handled.'
            : `No ${FILTER_LABELS[filter].toLowerCase()} payments.`
        }
        itemKey={(item) => item.subscriptionId}
      >
        {(item) => (
          <ReviewCard
            item={item}
            onAction={(it: ReviewItem, action: StaffAction) => setTarget({ item: it, action })}
            onOpenScreenshot={setShot}
          />
        )}
      </AdminList>

      <LoadMore query={queue} />

      <RecentActivity />

      <ActionDialog
        key={target ? `${target.item.subscriptionId}:${target.action}` : 'none'}
        target={target}
        onClose={() => setTarget(null)}
        onDone={setNotice}
      />
      <ScreenshotDialog shot={shot} onClose={() => setShot(null)} />
    </section>
  );
}

/** The latest audit entries of all staff (and students' purchases), loaded when opened. */
function RecentActivity() {
  const [open, setOpen] = useState(false);
  const audit = useRecentAudit(open);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <details className="admin-card admin-activity" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="admin-activity__summary">Recent activity</summary>
      {!open ? null : audit.isPending ? (
        <AdminLoading small>Loading activity…</AdminLoading>
      ) : audit.isError ? (
        <FormError>Could not load the activity. {audit.error.message}</FormError>
      ) : (
        <>
          <AuditList entries={entries} showTarget />
          {audit.hasNextPage ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => void audit.fetchNextPage()}
              disabled={audit.isFetchingNextPage}
            >
              Older activity
            </button>
          ) : null}
        </>
      )}
    </details>
  );
}
