import {
  CONTENT_DENIAL_MESSAGES,
  type ContentDenial,
  contentDenial,
  gaveAccessAt,
  type Reviewer,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { AppError, unauthenticated } from '../../platform/errors/app-error.ts';
import {
  type ContentAccessRow,
  findContentAccess,
  findSubscriptionAccess,
  type SubscriptionAccess,
} from './content-access.read-model.ts';

/**
 * The paywall on the server (issue 21 finding 1; docs/product.md#paywall), from core's one rule
 * (`contentDenial`): every content read and every new attempt needs the reviewer's grant and a
 * subscription that gives access now. An open mock may still be finished until its clock ends:
 * those routes check the grant only (content/reviewers.ts `requireReviewerAccess`). It only
 * reads: the web app answers a refusal by reading its claims, which expire an overdue
 * subscription with the spec's alert and make a queued one current.
 */

/** The refusal: 403 with the reason, which the web app maps to the page the guard would show. */
export function contentRefusal(denial: ContentDenial): AppError {
  return new AppError('PERMISSION_DENIED', CONTENT_DENIAL_MESSAGES[denial], denial);
}

/**
 * Why there is no access now, or null; with `doneAt`, work done then (sent later from the phone's
 * outbox) counts when the subscription gave access at that time and has since ended on its own,
 * if it arrives within a day of being done (core `gaveAccessAt`, `LATE_WORK_MS`).
 */
function denialOf(
  row: SubscriptionAccess,
  granted: boolean,
  now: Date,
  doneAt?: Date,
): ContentDenial | null {
  const denial = contentDenial({ granted, ...row, now });
  if (denial === null || denial === 'noReviewer' || doneAt === undefined) return denial;
  return gaveAccessAt(row.subscription, doneAt, now) ? null : denial;
}

/**
 * The reviewer `shorthand` when the student may read its content and start attempts under it now;
 * otherwise 403 with the reason (no grant, no subscription, ended, suspended, revoked).
 */
export async function requireContentAccess(
  db: Db,
  userId: string,
  shorthand: string,
  now: Date,
): Promise<Reviewer> {
  return grantedReviewer(await findContentAccess(db, userId, shorthand), now);
}

/**
 * `requireContentAccess`'s decision as a yes or no, for a fast path that leaves the wording of a no
 * to the path it hands over to (a lite answer on the remembered path).
 */
export async function hasContentAccess(
  db: Db,
  userId: string,
  shorthand: string,
  now: Date,
): Promise<boolean> {
  return grantsContent(await findContentAccess(db, userId, shorthand), now);
}

/**
 * `grantedReviewer`'s decision as a yes or no, on a paywall row a caller's own statement read (a
 * rating's guarded path, which leaves the wording of a no to the locked path).
 */
export function grantsContent(row: ContentAccessRow | null, now: Date, doneAt?: Date): boolean {
  return row !== null && row.reviewer !== null && denialOf(row, true, now, doneAt) === null;
}

/**
 * `requireContentAccess`'s decision on a paywall row a caller's own statement read
 * (`contentAccessJson`); with `doneAt`, work done then counts when the subscription gave access at
 * that time (a rating sent later from the phone's outbox). Null: no such user (401).
 */
export function grantedReviewer(row: ContentAccessRow | null, now: Date, doneAt?: Date): Reviewer {
  if (!row) throw unauthenticated();
  const denial = denialOf(row, row.reviewer !== null, now, doneAt);
  if (denial !== null || row.reviewer === null) throw contentRefusal(denial ?? 'noReviewer');
  return row.reviewer;
}

/**
 * For a route that checked the grant already: 403 with the reason unless there is access now (or,
 * with `doneAt`, was when the work was done).
 */
export async function requireSubscriptionAccess(
  db: Db,
  userId: string,
  now: Date,
  doneAt?: Date,
): Promise<void> {
  const row = await findSubscriptionAccess(db, userId);
  if (!row) throw unauthenticated();
  const denial = denialOf(row, true, now, doneAt);
  if (denial !== null) throw contentRefusal(denial);
}
