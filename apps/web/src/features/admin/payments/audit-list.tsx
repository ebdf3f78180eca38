import type { AuditEntry } from '@pasado/core';
import { manilaDateTime } from '../../../lib/format.ts';
import { auditActor, describeAudit } from './labels.ts';

/** Audit entries as a list: when (Manila), who, what and why. */
export function AuditList({
  entries,
  showTarget = false,
}: {
  entries: readonly AuditEntry[];
  showTarget?: boolean;
}) {
  if (entries.length === 0) return <p className="admin-empty">No activity yet.</p>;
  return (
    <ol className="audit-list">
      {entries.map((entry) => {
        const reason = typeof entry.details.reason === 'string' ? entry.details.reason : null;
        return (
          <li key={entry.id} className="audit-list__item">
            <p className="audit-list__what">{describeAudit(entry)}</p>
            {reason ? <p className="audit-list__why">“{reason}”</p> : null}
            <p className="audit-list__meta">
              <span>{auditActor(entry)}</span>
              <span aria-hidden="true"> · </span>
              <time dateTime={entry.at}>{manilaDateTime(entry.at)}</time>
              {showTarget ? (
                <>
                  <span aria-hidden="true"> · </span>
                  <span className="audit-list__target">
                    {entry.targetType === 'user_message' ? 'message' : entry.targetType}{' '}
                    {entry.targetId.slice(0, 8)}
                  </span>
                </>
              ) : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
