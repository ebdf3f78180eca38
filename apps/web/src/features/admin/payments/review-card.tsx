import type { ReviewItem, StaffAction } from '@pasado/core';
import { useId, useState } from 'react';
import { Chip } from '../../../components/chip.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { manilaDateTime, peso } from '../../../lib/format.ts';
import { SUBSCRIPTION_STATUS_TONES } from '../../../lib/subscription-tone.ts';
import { AdminLoading, DisclosureButton } from '../admin-parts.tsx';
import { AuditList } from './audit-list.tsx';
import { useReviewItem } from './get-review-item.ts';
import {
  ACTION_LABELS,
  groupRefCode,
  MATCHED_BY_LABELS,
  STATUS_LABELS,
  shownReference,
} from './labels.ts';

/**
 * One purchase in the review queue (issue 3 item 6): who, what plan, the amounts expected and
 * recorded, the proof, the flags, the actions the transition rules allow, and its audit trail.
 */
export function ReviewCard({
  item,
  onAction,
  onOpenScreenshot,
}: {
  item: ReviewItem;
  onAction: (item: ReviewItem, action: StaffAction) => void;
  onOpenScreenshot: (shot: { url: string; label: string }) => void;
}) {
  const headingId = useId();
  const historyId = useId();
  const [showHistory, setShowHistory] = useState(false);
  const history = useReviewItem(item.subscriptionId, showHistory);
  const first = item.transactions[0];

  return (
    <article
      className="admin-card review-card"
      aria-labelledby={headingId}
      data-flagged={item.flags.length > 0 ? 'true' : undefined}
    >
      <header className="admin-card__head">
        <div className="admin-card__who">
          <h3 id={headingId} className="admin-card__title">
            {item.student.email}
          </h3>
          <p className="admin-card__meta">
            Submitted <time dateTime={item.submittedAt}>{manilaDateTime(item.submittedAt)}</time>
          </p>
        </div>
        <Chip tone={SUBSCRIPTION_STATUS_TONES[item.status]}>{STATUS_LABELS[item.status]}</Chip>
      </header>

      {item.isExtension || item.queued ? (
        <ul className="admin-tags" aria-label="Kind">
          {item.isExtension ? (
            <li>
              <Chip tone="info">Extension</Chip>
            </li>
          ) : null}
          {item.queued ? (
            <li>
              <Chip tone="info">Queued</Chip>
            </li>
          ) : null}
        </ul>
      ) : null}

      {item.flags.length > 0 ? (
        <ul className="review-flags" aria-label="Warnings">
          {item.flags.map((flag) => (
            <li key={flag.kind} className="review-flag" data-kind={flag.kind}>
              {flag.message}
            </li>
          ))}
        </ul>
      ) : null}

      <dl className="review-facts">
        <div>
          <dt>Plan</dt>
          <dd>
            {item.plan ? `${item.plan.name} · ${item.plan.durationInDays} days` : 'Unknown plan'}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{first ? peso(first.price) : '—'}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd>{first ? peso(first.discountAmount) : '—'}</dd>
        </div>
        <div>
          <dt>Final price</dt>
          <dd>{first ? peso(first.finalPrice) : '—'}</dd>
        </div>
        <div>
          <dt>Expected</dt>
          <dd>{item.amount.expected === null ? '—' : peso(item.amount.expected)}</dd>
        </div>
        <div data-mismatch={item.amount.mismatch ? 'true' : undefined}>
          <dt>Paid (recorded)</dt>
          <dd>{peso(item.amount.recorded)}</dd>
        </div>
        <div className="review-facts__wide">
          <dt>Term</dt>
          <dd>
            {manilaDateTime(item.startsAt)} – {manilaDateTime(item.expiryDate)}
          </dd>
        </div>
      </dl>

      <div className="review-proofs stack">
        <h4 className="review-proofs__title">
          {item.transactions.length > 1 ? `Proofs (${item.transactions.length})` : 'Proof'}
        </h4>
        <ul className="review-proofs__list">
          {item.transactions.map((txn, index) => (
            <li key={txn.id} className="review-proof">
              {txn.refCode !== null ? (
                <p>
                  <span className="review-proof__label">Reference code</span>{' '}
                  <code className="review-proof__code">{groupRefCode(txn.refCode)}</code>
                </p>
              ) : null}
              {txn.screenshotUrl !== null ? (
                <button
                  type="button"
                  className="review-proof__thumb"
                  onClick={() =>
                    onOpenScreenshot({
                      url: txn.screenshotUrl ?? '',
                      label: `Payment screenshot from ${item.student.email}`,
                    })
                  }
                >
                  <img src={txn.screenshotUrl} alt="" loading="lazy" decoding="async" />
                  <span>View screenshot{item.transactions.length > 1 ? ` ${index + 1}` : ''}</span>
                </button>
              ) : null}
              {txn.reading ? (
                <p className="review-proof__reading">
                  {txn.reading.summary ??
                    (txn.reading.status === 'failed'
                      ? 'The screenshot could not be read.'
                      : 'The screenshot is being read…')}
                </p>
              ) : null}
              <p className="review-proof__time">
                Sent <time dateTime={txn.createdAt}>{manilaDateTime(txn.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      </div>

      {item.statementLine ? (
        <p className="review-statement">
          <span className="review-proof__label">Statement</span>{' '}
          {peso(item.statementLine.amountCentavos / 100)}
          {item.statementLine.reference
            ? ` · ref ${shownReference(item.statementLine.reference)}`
            : ''}{' '}
          ·{' '}
          <time dateTime={item.statementLine.occurredAt}>
            {manilaDateTime(item.statementLine.occurredAt)}
          </time>
          {item.statementLine.sender ? ` · from ${item.statementLine.sender}` : ''}
          {item.statementLine.matchedBy
            ? ` · ${MATCHED_BY_LABELS[item.statementLine.matchedBy]}`
            : ''}
          {item.statementLine.claimedBy === 'another' ? ' · already paid another purchase' : ''}
        </p>
      ) : null}

      {item.actions.length > 0 ? (
        <div className="admin-card__actions">
          {item.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn ${action === 'approve' ? 'btn--primary' : action === 'requestVerification' ? 'btn--secondary' : 'btn--danger-outline'}`}
              onClick={() => onAction(item, action)}
            >
              {ACTION_LABELS[action].button}
            </button>
          ))}
        </div>
      ) : (
        <p className="admin-card__meta">No staff action applies to a {item.status} payment.</p>
      )}

      <div className="admin-card__history">
        <DisclosureButton
          className="btn btn--ghost admin-disclosure"
          open={showHistory}
          controls={historyId}
          onToggle={() => setShowHistory((v) => !v)}
        >
          History
        </DisclosureButton>
        <div id={historyId} hidden={!showHistory}>
          {showHistory ? (
            history.isPending ? (
              <AdminLoading small>Loading history…</AdminLoading>
            ) : history.isError ? (
              <FormError>Could not load the history. {history.error.message}</FormError>
            ) : (
              <AuditList entries={history.data.audit} />
            )
          ) : null}
        </div>
      </div>
    </article>
  );
}
