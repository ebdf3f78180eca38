import {
  type AuditEntry,
  getPlan,
  type MatchedBy,
  type ReviewFilter,
  type StaffAction,
  type SubscriptionStatus,
} from '@pasado/core';

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: 'Pending',
  forVerification: 'For verification',
  approved: 'Approved',
  completed: 'Completed',
  suspended: 'Suspended',
  revoked: 'Revoked',
  expired: 'Expired',
};

export const FILTER_LABELS: Record<ReviewFilter, string> = {
  needsAction: 'Needs action',
  ...STATUS_LABELS,
};

export const ACTION_LABELS: Record<
  StaffAction,
  { button: string; title: string; confirm: string }
> = {
  approve: { button: 'Approve', title: 'Approve this payment', confirm: 'Approve' },
  requestVerification: {
    button: 'Ask to verify',
    title: 'Ask the student to verify',
    confirm: 'Ask to verify',
  },
  suspend: { button: 'Suspend', title: 'Suspend this subscription', confirm: 'Suspend' },
  revoke: { button: 'Revoke', title: 'Revoke this subscription', confirm: 'Revoke' },
};

/** How a statement line was matched to the purchase, in the Reconcile tab's words. */
export const MATCHED_BY_LABELS: Record<MatchedBy, string> = {
  reference: 'matched by reference and amount',
  amountAndTime: 'matched by amount and time only',
};

/** A 13-digit reference code in groups of four, easier to compare with a wallet statement. */
export function groupRefCode(code: string): string {
  return code.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A statement line's reference as staff read it aloud: GCash's 13 digits grouped, others as they are. */
export function shownReference(reference: string): string {
  return /^\d{13}$/.test(reference) ? groupRefCode(reference) : reference;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** One line for an audit entry: what happened, in staff's words. */
export function describeAudit(entry: AuditEntry): string {
  const d = entry.details;
  switch (entry.action) {
    case 'subscribeUser':
      return `Bought ${getPlan(str(d.plan) ?? '')?.name ?? str(d.plan) ?? 'a plan'}${d.queued === true ? ' (extension)' : ''}, proof by ${d.proof === 'screenshot' ? 'screenshot' : 'reference code'}`;
    case 'addTransaction':
      return `Sent a new ${d.proof === 'screenshot' ? 'screenshot' : 'reference code'}`;
    case 'updateSubscriptionStatus': {
      const from = str(d.from);
      const to = str(d.to);
      const label = (s: string | null) =>
        s && s in STATUS_LABELS ? STATUS_LABELS[s as SubscriptionStatus] : (s ?? '?');
      return `${label(from)} → ${label(to)}`;
    }
    case 'message.markRead':
      return 'Marked a message read';
    case 'message.markUnread':
      return 'Marked a message unread';
    case 'message.archive':
      return 'Archived a message';
    case 'message.unarchive':
      return 'Unarchived a message';
    default:
      return entry.action;
  }
}

/** Who did it: the staff or student email, the operator CLI, or the system. */
export function auditActor(entry: AuditEntry): string {
  if (entry.actorEmail === 'cli') return 'Operator (command line)';
  return entry.actorEmail ?? 'System';
}
