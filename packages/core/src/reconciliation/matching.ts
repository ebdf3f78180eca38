import { manilaDaysBetween } from '../time.ts';

/**
 * Matching purchases against the receiving account's statement (issue 26 item 2;
 * docs/decisions/029-payment-reconciliation.md). Pure: the server reads the purchases waiting for
 * review, the statement lines and the references already spent, and persists what this returns.
 *
 * Every `pending` or `forVerification` purchase is looked up by its references (typed by the
 * student, or read from its screenshot); a purchase with no reference at all is looked up by amount
 * and time instead. A reference satisfies one purchase only, ever: a line already claimed, or a
 * reference spent by another purchase, is never matched again.
 */

/** Days before the purchase a payment may be and still be its payment ("a window of a few days"). */
export const MATCH_WINDOW_DAYS = 3;
/** Days after the purchase a payment may be: the wallet's clock and ours can disagree near midnight. */
export const MATCH_WINDOW_DAYS_AFTER = 1;

/** A purchase waiting for review, as the server has it. */
export interface PurchaseToMatch {
  subscriptionId: string;
  /** When the purchase was made (`subscriptions.created_at`). */
  purchasedAt: Date;
  /**
   * The price as charged, discount included, in centavos: core `centavosOfPesos` of the first
   * transaction's `final_price` (later proofs repeat it).
   */
  chargedCentavos: number;
  /** Normalised references of its transactions: typed ones first, then ones read by OCR. */
  references: readonly PurchaseReference[];
}

export interface PurchaseReference {
  value: string;
  from: 'typed' | 'screenshot';
}

/** A kept statement line, as the server has it. */
export interface LineToMatch {
  /** The line's identity (`StatementLine.identity`), the key the result refers to it by. */
  identity: string;
  occurredAt: Date;
  amountCentavos: number;
  reference: string | null;
  sender: string | null;
  /** The purchase an earlier reconciliation or approval bound this line to, if any. */
  claimedBy: string | null;
}

export type PurchaseOutcome =
  | {
      kind: 'matched';
      subscriptionId: string;
      lineIdentity: string;
      /** 'reference': reference and amount agree. 'amountAndTime': no reference; one line fits. */
      by: 'reference' | 'amountAndTime';
      reference: string | null;
      amountCentavos: number;
    }
  | {
      kind: 'amountDiffers';
      subscriptionId: string;
      lineIdentity: string;
      reference: string;
      expectedCentavos: number;
      statementCentavos: number;
    }
  | {
      /** The reference was spent: another purchase or an earlier claim holds it. */
      kind: 'referenceUsed';
      subscriptionId: string;
      reference: string;
      /** The purchase holding it, when known. */
      usedBy: string | null;
    }
  | {
      /** Older than the statement's newest line, yet no line is its payment. */
      kind: 'notInStatement';
      subscriptionId: string;
      /** Lines of the charged amount in the window that no purchase claims: maybe this one. */
      candidates: string[];
    }
  | {
      /** Newer than the statement's newest line: this statement cannot tell. */
      kind: 'notYetCovered';
      subscriptionId: string;
    };

export interface ReconciliationReport {
  purchases: PurchaseOutcome[];
  /** Lines of money in that no purchase claims, newest first, so staff can reach the sender. */
  paidNotClaimed: string[];
  /** The newest line's time, or null for an empty statement. */
  coveredUntil: Date | null;
}

export interface ReconcileInput {
  purchases: readonly PurchaseToMatch[];
  lines: readonly LineToMatch[];
  /**
   * References already spent by purchases not in `purchases` (approved ones, say), with the
   * purchase that spent each: a screenshot read later cannot take them.
   */
  spentReferences?: ReadonlyMap<string, string>;
  windowDays?: number;
}

/** Whether a line's time is in the purchase's window, in Manila days (time-of-day may be unknown). */
function inWindow(line: LineToMatch, purchase: PurchaseToMatch, windowDays: number): boolean {
  const days = manilaDaysBetween(line.occurredAt, purchase.purchasedAt);
  return days >= -MATCH_WINDOW_DAYS_AFTER && days <= windowDays;
}

/**
 * Matches each purchase to at most one line and each line to at most one purchase:
 *
 * 1. By reference. Typed references are served before screenshot readings, and older purchases
 *    before newer ones, so when two purchases cite one reference the typed, earlier one has it and
 *    the other is `referenceUsed` — the existing rule that a reference is used once. A line found
 *    by reference with the charged amount is `matched`; with another amount, `amountDiffers`.
 * 2. By amount and time, only for purchases with no reference at all (a screenshot not read yet):
 *    matched when exactly one unclaimed line of the charged amount is in its window and that line
 *    fits no other such purchase. Ambiguity is left to staff as `notInStatement` with candidates.
 * 3. The rest are `notInStatement` when older than the newest line, else `notYetCovered`; lines no
 *    purchase claims (and none claimed before) are `paidNotClaimed`.
 */
export function reconcile(input: ReconcileInput): ReconciliationReport {
  const windowDays = input.windowDays ?? MATCH_WINDOW_DAYS;
  const lines = input.lines;
  let coveredUntilMs = Number.NEGATIVE_INFINITY;
  for (const line of lines) coveredUntilMs = Math.max(coveredUntilMs, line.occurredAt.getTime());
  const coveredUntil = lines.length === 0 ? null : new Date(coveredUntilMs);

  const byReference = new Map<string, LineToMatch>();
  for (const line of lines) {
    // One line per reference and source is the statement's own rule; keep the earliest if not.
    if (line.reference !== null && !byReference.has(line.reference)) {
      byReference.set(line.reference, line);
    }
  }

  const outcomes = new Map<string, PurchaseOutcome>();
  const referenceHolder = new Map<string, string>(input.spentReferences ?? []);
  // A line is spent when an earlier reconciliation bound it, or when its reference was spent by a
  // purchase outside this run (approved with that typed code): either way it is that purchase's.
  const claimedLines = new Map<string, string>();
  for (const line of lines) {
    const holder =
      line.claimedBy ?? (line.reference === null ? undefined : referenceHolder.get(line.reference));
    if (holder !== undefined) claimedLines.set(line.identity, holder);
  }

  const oldestFirst = [...input.purchases].sort(
    (a, b) =>
      a.purchasedAt.getTime() - b.purchasedAt.getTime() ||
      (a.subscriptionId < b.subscriptionId ? -1 : 1),
  );

  // 1. References, typed ones in a first pass so a screenshot reading never takes a typed code.
  for (const from of ['typed', 'screenshot'] as const) {
    for (const purchase of oldestFirst) {
      if (outcomes.get(purchase.subscriptionId)?.kind === 'matched') continue;
      if (outcomes.get(purchase.subscriptionId)?.kind === 'amountDiffers') continue;
      for (const ref of purchase.references) {
        if (ref.from !== from) continue;
        const holder = referenceHolder.get(ref.value);
        if (holder !== undefined && holder !== purchase.subscriptionId) {
          if (!outcomes.has(purchase.subscriptionId)) {
            outcomes.set(purchase.subscriptionId, {
              kind: 'referenceUsed',
              subscriptionId: purchase.subscriptionId,
              reference: ref.value,
              usedBy: holder,
            });
          }
          continue;
        }
        const line = byReference.get(ref.value);
        if (!line) continue;
        const lineHolder = claimedLines.get(line.identity);
        if (lineHolder !== undefined && lineHolder !== purchase.subscriptionId) {
          outcomes.set(purchase.subscriptionId, {
            kind: 'referenceUsed',
            subscriptionId: purchase.subscriptionId,
            reference: ref.value,
            usedBy: lineHolder,
          });
          continue;
        }
        referenceHolder.set(ref.value, purchase.subscriptionId);
        claimedLines.set(line.identity, purchase.subscriptionId);
        outcomes.set(
          purchase.subscriptionId,
          line.amountCentavos === purchase.chargedCentavos
            ? {
                kind: 'matched',
                subscriptionId: purchase.subscriptionId,
                lineIdentity: line.identity,
                by: 'reference',
                reference: ref.value,
                amountCentavos: line.amountCentavos,
              }
            : {
                kind: 'amountDiffers',
                subscriptionId: purchase.subscriptionId,
                lineIdentity: line.identity,
                reference: ref.value,
                expectedCentavos: purchase.chargedCentavos,
                statementCentavos: line.amountCentavos,
              },
        );
        break;
      }
    }
  }

  // 2. Amount and time, for purchases that cite no reference at all. Lines whose reference a
  // purchase cites are theirs to claim, never a stranger's by amount.
  const cited = new Set<string>();
  for (const purchase of input.purchases)
    for (const ref of purchase.references) cited.add(ref.value);
  const open = (line: LineToMatch) =>
    !claimedLines.has(line.identity) && (line.reference === null || !cited.has(line.reference));
  const byAmount = new Map<number, LineToMatch[]>();
  for (const line of lines) {
    if (!open(line)) continue;
    const list = byAmount.get(line.amountCentavos);
    if (list) list.push(line);
    else byAmount.set(line.amountCentavos, [line]);
  }
  for (const list of byAmount.values())
    list.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());

  const candidatesOf = (purchase: PurchaseToMatch): LineToMatch[] => {
    const list = byAmount.get(purchase.chargedCentavos) ?? [];
    return inWindowSlice(list, purchase, windowDays).filter(
      (line) => !claimedLines.has(line.identity),
    );
  };
  const referenceless = oldestFirst.filter(
    (p) => p.references.length === 0 && !outcomes.has(p.subscriptionId),
  );
  const candidates = new Map<string, LineToMatch[]>();
  const suitors = new Map<string, number>();
  for (const purchase of referenceless) {
    const found = candidatesOf(purchase);
    candidates.set(purchase.subscriptionId, found);
    for (const line of found) suitors.set(line.identity, (suitors.get(line.identity) ?? 0) + 1);
  }
  for (const purchase of referenceless) {
    const found = candidates.get(purchase.subscriptionId) ?? [];
    const only = found[0];
    if (found.length === 1 && only && suitors.get(only.identity) === 1) {
      claimedLines.set(only.identity, purchase.subscriptionId);
      outcomes.set(purchase.subscriptionId, {
        kind: 'matched',
        subscriptionId: purchase.subscriptionId,
        lineIdentity: only.identity,
        by: 'amountAndTime',
        reference: only.reference,
        amountCentavos: only.amountCentavos,
      });
    }
  }

  // 3. What is left.
  const purchases: PurchaseOutcome[] = [];
  for (const purchase of oldestFirst) {
    const outcome = outcomes.get(purchase.subscriptionId);
    if (outcome) {
      purchases.push(outcome);
      continue;
    }
    if (coveredUntil !== null && purchase.purchasedAt.getTime() <= coveredUntil.getTime()) {
      purchases.push({
        kind: 'notInStatement',
        subscriptionId: purchase.subscriptionId,
        candidates: candidatesOf(purchase).map((line) => line.identity),
      });
    } else {
      purchases.push({ kind: 'notYetCovered', subscriptionId: purchase.subscriptionId });
    }
  }
  const paidNotClaimed = lines
    .filter((line) => !claimedLines.has(line.identity))
    .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime())
    .map((line) => line.identity);
  return { purchases, paidNotClaimed, coveredUntil };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The lines of a time-sorted list inside the purchase's window: a binary search to the window's
 * start (with a day's margin, since the window is in Manila days), then a walk to its end, so
 * 10,000 purchases against 50,000 lines stay fast.
 */
function inWindowSlice(
  sorted: readonly LineToMatch[],
  purchase: PurchaseToMatch,
  windowDays: number,
): LineToMatch[] {
  const from = purchase.purchasedAt.getTime() - (windowDays + 1) * DAY_MS;
  const to = purchase.purchasedAt.getTime() + (MATCH_WINDOW_DAYS_AFTER + 1) * DAY_MS;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as LineToMatch).occurredAt.getTime() < from) lo = mid + 1;
    else hi = mid;
  }
  const found: LineToMatch[] = [];
  for (let i = lo; i < sorted.length; i += 1) {
    const line = sorted[i] as LineToMatch;
    if (line.occurredAt.getTime() > to) break;
    if (inWindow(line, purchase, windowDays)) found.push(line);
  }
  return found;
}
