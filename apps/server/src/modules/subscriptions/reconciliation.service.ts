import { createHash } from 'node:crypto';
import {
  type ApproveMatchedResult,
  centavosOfPesos,
  checkReading,
  type LineToMatch,
  MATCH_WINDOW_DAYS,
  type MatchedBy,
  type PurchaseOutcome,
  type PurchaseToMatch,
  type ReconciliationItem,
  type ReconciliationReport,
  type ReconciliationView,
  reconcile,
  type ScreenshotReadingView,
  type StatementImport,
  type StatementLineView,
  type StatementMapping,
  type StatementMappingList,
  type StatementUploadResult,
} from '@pasado/core';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Db, Executor } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import {
  listOpenPurchases,
  listProofsOf,
  listReferenceHolders,
  type OpenProofRow,
  type OpenPurchaseRow,
} from './reconciliation.read-model.ts';
import {
  claimStatementLine,
  findStatementMapping,
  insertStatementImport,
  insertStatementLines,
  insertStatementMapping,
  listRecentImports,
  listStatementLinesByReference,
  listStatementLinesSince,
  listStatementMappings,
  type StatementImportRow,
  type StatementLineRow,
  setImportNewLines,
} from './reconciliation.repository.ts';
import { readCsvStatement } from './statements/csv-statement.ts';
import { readPdfStatement } from './statements/pdf-statement.ts';
import { statementFileKind } from './statements/statement-file.ts';
import { changeSubscriptionStatus, type StatusActor } from './status.service.ts';

/**
 * Payments checked against the receiving account's statement (issue 26 items 1, 2 and 5;
 * docs/decisions/029-payment-reconciliation.md): staff upload a statement, its lines are kept once,
 * and every purchase waiting for review is matched with core `reconcile` over what is kept. The
 * report is computed on each request from the kept lines and the purchases as they are now, so it
 * never goes stale; approving claims the line and changes the status in one transaction.
 */

/** Lines this much older than the oldest waiting purchase still count (the match window, and a day). */
const LOOKBACK_MS = (MATCH_WINDOW_DAYS + 1) * 24 * 60 * 60 * 1000;
/** With no purchase waiting, "paid but not claimed" shows this much of the history. */
const UNCLAIMED_HISTORY_MS = 60 * 24 * 60 * 60 * 1000;

export interface Staff {
  userId: string;
  email: string;
}

export async function statementMappingList(ex: Executor): Promise<StatementMappingList> {
  const rows = await listStatementMappings(ex);
  return { mappings: rows.map((row) => ({ ...row.definition, builtin: row.builtin })) };
}

/** A staff mapping (already validated by the contract), audited; its id must be new. */
export async function addStatementMapping(
  db: Db,
  input: { mapping: StatementMapping; staff: Staff },
): Promise<StatementMappingList> {
  await db.transaction(async (tx) => {
    if (!(await insertStatementMapping(tx, input.mapping, input.staff.userId))) {
      throw new AppError('FAILED_PRECONDITION', `A mapping "${input.mapping.id}" exists already.`);
    }
    await appendAudit(tx, {
      actorUserId: input.staff.userId,
      actorEmail: input.staff.email,
      action: 'addStatementMapping',
      targetType: 'statementMapping',
      targetId: input.mapping.id,
      details: { mapping: input.mapping },
    });
  });
  return statementMappingList(db);
}

function toImport(row: StatementImportRow): StatementImport {
  return {
    importId: row.id,
    mappingId: row.mappingId,
    kind: row.kind,
    uploadedAt: row.uploadedAt.toISOString(),
    lines: row.lines,
    newLines: row.newLines,
    outgoing: row.outgoing,
    skipped: row.skipped,
    firstLineAt: row.firstLineAt?.toISOString() ?? null,
    lastLineAt: row.lastLineAt?.toISOString() ?? null,
  };
}

/**
 * A statement upload: the file's kind by its bytes, its lines read with the mapping (the PDF in a
 * worker, with its password used once), then — all or nothing — the import's figures and the lines
 * not kept yet, audited with the file's hash and figures, never its contents. The bytes and the
 * password are not kept. With `autoApprove` the matched purchases are approved at once.
 */
export async function importStatement(
  db: Db,
  input: {
    bytes: Uint8Array;
    mappingId: string;
    password: string | null;
    staff: Staff;
    now: Date;
    autoApprove: boolean;
  },
): Promise<StatementUploadResult> {
  const mappingRow = await findStatementMapping(db, input.mappingId);
  if (!mappingRow) throw notFound('No such statement mapping.');
  const mapping = mappingRow.definition;
  const kind = statementFileKind(input.bytes);
  const read =
    kind === 'csv'
      ? readCsvStatement(input.bytes, mapping)
      : await readPdfStatement(input.bytes, mapping, { password: input.password });
  const times = read.lines.map((line) => line.occurredAt.getTime());
  const fileSha256 = createHash('sha256').update(input.bytes).digest('hex');
  const row = await db.transaction(async (tx) => {
    const created = await insertStatementImport(tx, {
      mappingId: mapping.id,
      fileSha256,
      kind,
      uploadedBy: input.staff.userId,
      uploadedAt: input.now,
      lines: read.lines.length,
      newLines: 0,
      outgoing: read.outgoing,
      skipped: read.skipped,
      firstLineAt: times.length ? new Date(Math.min(...times)) : null,
      lastLineAt: times.length ? new Date(Math.max(...times)) : null,
    });
    const newLines = await insertStatementLines(tx, created.id, read.lines);
    await setImportNewLines(tx, created.id, newLines);
    const figures = toImport({ ...created, newLines });
    await appendAudit(tx, {
      actorUserId: input.staff.userId,
      actorEmail: input.staff.email,
      action: 'uploadStatement',
      targetType: 'statementImport',
      targetId: created.id,
      details: { ...figures, fileSha256 },
    });
    return { ...created, newLines };
  });
  const autoApproved = input.autoApprove
    ? (
        await approveMatched(db, {
          only: null,
          actor: { roles: ['staff'], userId: null, email: 'auto-approve', via: 'reconciliation' },
          now: input.now,
        })
      ).approved
    : [];
  return { import: toImport(row), autoApproved };
}

interface Reconciliation {
  report: ReconciliationReport;
  purchases: Map<string, OpenPurchaseRow>;
  proofs: Map<string, OpenProofRow[]>;
  charged: Map<string, number>;
  lines: Map<string, StatementLineRow>;
}

/** The typed references of a purchase's proofs, then the references read from its screenshots. */
function referencesOf(proofs: readonly OpenProofRow[]): PurchaseToMatch['references'] {
  const typed = proofs.flatMap((p) =>
    p.refCode ? [{ value: p.refCode, from: 'typed' as const }] : [],
  );
  const read = proofs.flatMap((p) =>
    p.reading?.status === 'done' && p.reading.reference
      ? [{ value: p.reading.reference, from: 'screenshot' as const }]
      : [],
  );
  return [...typed, ...read];
}

/** Every waiting purchase matched against the kept lines (core `reconcile`). */
async function computeReconciliation(ex: Executor, now: Date): Promise<Reconciliation> {
  const open = await listOpenPurchases(ex);
  const proofRows = await listProofsOf(
    ex,
    open.map((p) => p.subscriptionId),
  );
  const proofs = new Map<string, OpenProofRow[]>();
  for (const proof of proofRows) {
    const list = proofs.get(proof.subscriptionId) ?? [];
    list.push(proof);
    proofs.set(proof.subscriptionId, list);
  }
  const charged = new Map<string, number>();
  const toMatch: PurchaseToMatch[] = open.map((p) => {
    const list = proofs.get(p.subscriptionId) ?? [];
    // The first proof holds the purchase's amounts; later ones repeat them.
    const chargedCentavos = centavosOfPesos(list[0]?.finalPrice ?? 0);
    charged.set(p.subscriptionId, chargedCentavos);
    return {
      subscriptionId: p.subscriptionId,
      purchasedAt: p.createdAt,
      chargedCentavos,
      references: referencesOf(list),
    };
  });
  const oldest = open[0]?.createdAt.getTime() ?? now.getTime();
  const since = new Date(Math.min(oldest, now.getTime() - UNCLAIMED_HISTORY_MS) - LOOKBACK_MS);
  const cited = [...new Set(toMatch.flatMap((p) => p.references.map((r) => r.value)))];
  const lines = new Map<string, StatementLineRow>();
  for (const line of await listStatementLinesSince(ex, since)) lines.set(line.identity, line);
  for (const line of await listStatementLinesByReference(ex, cited)) lines.set(line.identity, line);
  const lineReferences = [...lines.values()].flatMap((l) => (l.reference ? [l.reference] : []));
  const spent = new Map<string, string>();
  for (const holder of await listReferenceHolders(ex, [...new Set([...lineReferences, ...cited])], {
    notOpen: true,
  })) {
    if (!spent.has(holder.reference)) spent.set(holder.reference, holder.subscriptionId);
  }
  const toLines: LineToMatch[] = [...lines.values()].map((line) => ({
    identity: line.identity,
    occurredAt: line.occurredAt,
    amountCentavos: line.amountCentavos,
    reference: line.reference,
    sender: line.sender,
    claimedBy: line.claimedBySubscriptionId,
  }));
  const report = reconcile({ purchases: toMatch, lines: toLines, spentReferences: spent });
  return {
    report,
    purchases: new Map(open.map((p) => [p.subscriptionId, p])),
    proofs,
    charged,
    lines,
  };
}

function toLineView(line: StatementLineRow): StatementLineView {
  return {
    identity: line.identity,
    source: line.source,
    occurredAt: line.occurredAt.toISOString(),
    timeKnown: line.timeKnown,
    amountCentavos: line.amountCentavos,
    reference: line.reference,
    sender: line.sender,
    description: line.description,
  };
}

/**
 * What each screenshot of a purchase was read as, and whether it agrees: with the statement line
 * when there is one (issue 26 item 3: "beside what the student typed and what the statement
 * says"), else the reference with the typed one and the amount with the price charged.
 */
function readingViews(
  proofs: readonly OpenProofRow[],
  line: StatementLineRow | null,
  chargedCentavos: number,
  usedElsewhere: (reference: string) => boolean,
): ScreenshotReadingView[] {
  const typed = proofs.flatMap((p) => (p.refCode ? [p.refCode] : []));
  return proofs.flatMap((p) => {
    if (!p.reading) return [];
    const r = p.reading;
    const { referenceAgrees, amountAgrees } = checkReading({
      reading: r.status === 'done' ? r : null,
      typedReferences: typed,
      line,
      chargedCentavos,
    });
    return [
      {
        transactionId: p.transactionId,
        status: r.status,
        reference: r.reference,
        referenceConfidence: r.referenceConfidence,
        amountCentavos: r.amountCentavos,
        paidAt: r.paidAt?.toISOString() ?? null,
        referenceAgrees,
        amountAgrees,
        referenceUsedElsewhere: r.reference !== null && usedElsewhere(r.reference),
      },
    ];
  });
}

/** The four lists staff reconcile a week with (issue 26 item 2). */
export async function reconciliationView(
  ex: Executor,
  input: { now: Date; autoApproveMatched: boolean },
): Promise<ReconciliationView> {
  const rec = await computeReconciliation(ex, input.now);
  const readReferences = [...rec.proofs.values()]
    .flat()
    .flatMap((p) => (p.reading?.reference ? [p.reading.reference] : []));
  const holders = await listReferenceHolders(ex, [...new Set(readReferences)], { notOpen: false });
  const lineOf = (identity: string | null) => (identity ? (rec.lines.get(identity) ?? null) : null);

  const item = (outcome: PurchaseOutcome): ReconciliationItem | null => {
    const purchase = rec.purchases.get(outcome.subscriptionId);
    if (!purchase) return null;
    const proofs = rec.proofs.get(outcome.subscriptionId) ?? [];
    const chargedCentavos = rec.charged.get(outcome.subscriptionId) ?? 0;
    const line = lineOf('lineIdentity' in outcome ? outcome.lineIdentity : null);
    const usedElsewhere = (reference: string) =>
      holders.some(
        (h) => h.reference === reference && h.subscriptionId !== purchase.subscriptionId,
      );
    return {
      subscriptionId: purchase.subscriptionId,
      status: purchase.status,
      studentEmail: purchase.email,
      planName: purchase.plan?.name ?? null,
      submittedAt: purchase.createdAt.toISOString(),
      chargedCentavos,
      typedReferences: proofs.flatMap((p) => (p.refCode ? [p.refCode] : [])),
      readings: readingViews(proofs, line, chargedCentavos, usedElsewhere),
      line: line ? toLineView(line) : null,
      matchedBy: outcome.kind === 'matched' ? outcome.by : null,
      referenceUsed:
        outcome.kind === 'referenceUsed'
          ? { reference: outcome.reference, byOtherPurchase: outcome.usedBy !== null }
          : null,
      candidates:
        outcome.kind === 'notInStatement'
          ? outcome.candidates.flatMap((id) => {
              const candidate = lineOf(id);
              return candidate ? [toLineView(candidate)] : [];
            })
          : [],
    };
  };
  const listOf = (kinds: readonly PurchaseOutcome['kind'][]) =>
    rec.report.purchases
      .filter((o) => kinds.includes(o.kind))
      .flatMap((o) => {
        const built = item(o);
        return built ? [built] : [];
      });
  return {
    coveredUntil: rec.report.coveredUntil?.toISOString() ?? null,
    matched: listOf(['matched']),
    amountDiffers: listOf(['amountDiffers']),
    notInStatement: listOf(['notInStatement', 'referenceUsed']),
    paidNotClaimed: rec.report.paidNotClaimed.flatMap((id) => {
      const line = lineOf(id);
      return line ? [toLineView(line)] : [];
    }),
    notYetCovered: rec.report.purchases.filter((o) => o.kind === 'notYetCovered').length,
    imports: (await listRecentImports(ex, 10)).map(toImport),
    autoApproveMatched: input.autoApproveMatched,
  };
}

/** Refused: the line a purchase is matched to was claimed by another meanwhile. */
export const LINE_PAID_ANOTHER = 'Its statement line paid another purchase.';

/** A statement line as an approval's audit entry names it. */
export function statementLineDetails(line: StatementLineRow) {
  return {
    identity: line.identity,
    source: line.source,
    occurredAt: line.occurredAt.toISOString(),
    amountCentavos: line.amountCentavos,
    reference: line.reference,
    importId: line.importId,
  };
}

export interface StatementMatch {
  line: StatementLineRow;
  by: MatchedBy;
}

/**
 * The statement line each purchase waiting for review is matched to now (by reference and amount,
 * or by amount and time), by subscription id, computed as the reconciliation view computes it:
 * one computation over every waiting purchase, since a match by amount and time depends on them
 * all. Unmatched purchases are absent.
 */
export async function statementMatches(
  ex: Executor,
  now: Date,
): Promise<Map<string, StatementMatch>> {
  const rec = await computeReconciliation(ex, now);
  const matches = new Map<string, StatementMatch>();
  for (const outcome of rec.report.purchases) {
    if (outcome.kind !== 'matched') continue;
    const line = rec.lines.get(outcome.lineIdentity);
    if (line) matches.set(outcome.subscriptionId, { line, by: outcome.by });
  }
  return matches;
}

/** The statement line a purchase waiting for review is matched to now, which its approval claims. */
export async function matchedStatementLine(
  ex: Executor,
  subscriptionId: string,
  now: Date,
): Promise<StatementLineRow | null> {
  return (await statementMatches(ex, now)).get(subscriptionId)?.line ?? null;
}

const pesosText = (centavos: number) =>
  `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;

/**
 * Approves purchases matched by reference (issue 26 item 2: "staff approve all matched purchases
 * in one action (each still an audited approval)"): the match is computed again here, never taken
 * from the client, and each approval is its own transaction that changes the status through
 * `changeSubscriptionStatus` (locks, queue, live event, audit naming the line) and claims the line,
 * which fails if another purchase holds it. `only`: the purchases staff saw; null: every match.
 * Matches by amount and time are never approved in bulk: staff confirm them one by one.
 */
export async function approveMatched(
  db: Db,
  input: { only: readonly string[] | null; actor: StatusActor; now: Date },
): Promise<ApproveMatchedResult> {
  const rec = await computeReconciliation(db, input.now);
  const matched = new Map<string, Extract<PurchaseOutcome, { kind: 'matched' }>>();
  for (const outcome of rec.report.purchases) {
    if (outcome.kind === 'matched' && outcome.by === 'reference') {
      matched.set(outcome.subscriptionId, outcome);
    }
  }
  const wanted = input.only ?? [...matched.keys()];
  const approved: string[] = [];
  const skipped: ApproveMatchedResult['skipped'] = [];
  for (const subscriptionId of new Set(wanted)) {
    const outcome = matched.get(subscriptionId);
    const line = outcome ? rec.lines.get(outcome.lineIdentity) : undefined;
    if (!outcome || !line) {
      skipped.push({ subscriptionId, why: 'Not matched by reference and amount.' });
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        const change = await changeSubscriptionStatus(tx, {
          subscriptionId,
          to: 'approved',
          actor: input.actor,
          now: input.now,
          reason: `Statement line ${line.reference ?? ''}, ${pesosText(line.amountCentavos)}`,
          details: { statementLine: statementLineDetails(line) },
          authorize(sub) {
            if (sub.status !== 'pending' && sub.status !== 'forVerification') {
              throw new AppError('FAILED_PRECONDITION', `It is ${sub.status} now.`);
            }
            return undefined;
          },
        });
        if (!change) throw new AppError('FAILED_PRECONDITION', 'It is approved already.');
        const claimed = await claimStatementLine(tx, {
          identity: line.identity,
          subscriptionId,
          via: input.actor.via,
          now: input.now,
        });
        if (!claimed) {
          throw new AppError('FAILED_PRECONDITION', LINE_PAID_ANOTHER);
        }
      });
      approved.push(subscriptionId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({ subscriptionId, why: error.message });
    }
  }
  return { approved, skipped };
}
