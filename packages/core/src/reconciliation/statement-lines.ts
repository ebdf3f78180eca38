import { type ColumnPositions, findHeaderRow, type StatementMapping } from './statement-mapping.ts';
import {
  normaliseReference,
  normaliseSender,
  parseAmountCentavos,
  parseStatementDate,
} from './statement-values.ts';

/**
 * Statement rows → the normalised lines Pasado keeps (issue 26 item 1): money in only, dated in
 * Manila time, amounts in centavos, the reference reduced to what identifies the transfer, the
 * sender, and an identity that is the same whichever overlapping statement the line came from.
 * Rows come from the CSV reader or from a PDF's text laid out as rows (`pdf-table.ts`).
 */

/** Refusals of a statement file, in the console's words (ours; the issue names no texts). */
export const STATEMENT_MESSAGES = {
  EMPTY: 'This file has no statement lines.',
  NO_HEADER: (label: string) =>
    `This file does not look like a ${label} export: its column headers were not found.`,
  TOO_LARGE: (maxMb: number) => `This file is larger than ${maxMb} MB. Export a shorter period.`,
  TOO_MANY_ROWS: (max: number) =>
    `This file has more than ${max.toLocaleString('en-US')} rows. Export a shorter period.`,
  NOT_TEXT: 'This file is not a CSV text file. Export the statement as CSV (UTF-8) or PDF.',
  ARCHIVE:
    'This file is a compressed archive or a spreadsheet, not a CSV. Export the statement as CSV or PDF.',
  NOT_PDF: 'This file is not a PDF.',
  UNKNOWN_TYPE: 'Upload the statement as a CSV or a PDF file.',
  FORMULA_CELL: (row: number, column: number) =>
    `Row ${row}, column ${column} holds a spreadsheet formula. Statements never do; this file was refused.`,
  BAD_ROWS: (problems: string) =>
    `Some rows could not be read, so nothing was imported: ${problems}`,
  PDF_PASSWORD_REQUIRED:
    'This PDF is protected by a password. Enter it to read the statement; it is used once and kept nowhere.',
  PDF_PASSWORD_WRONG: 'That password does not open this PDF. Try again.',
  PDF_SCRIPT: 'This PDF carries scripts or embedded files. Statements never do; it was refused.',
  PDF_TOO_COMPLEX:
    'This PDF expands far beyond its size or takes too long to read; it was refused. Export a shorter period.',
  PDF_UNREADABLE: 'This PDF could not be read. Export the statement again.',
  PDF_NO_TEXT:
    'This PDF has no text to read (a scanned picture?). Export the statement from the wallet or bank itself.',
} as const;

/** A line of money received, normalised; what the server keeps of a statement. */
export interface StatementLine {
  /** The mapping's source: one account's history. */
  source: string;
  occurredAt: Date;
  /** False when the statement gives the day only: `occurredAt` is the Manila day's start. */
  timeKnown: boolean;
  /** Money in, > 0. */
  amountCentavos: number;
  reference: string | null;
  sender: string | null;
  /** The row's description, trimmed to 200 characters, for staff reaching the sender. */
  description: string;
  balanceCentavos: number | null;
  /** Stable across overlapping statements of one source: the key the server keeps lines unique by. */
  identity: string;
  /** The row's number in the file (1-based), for messages. */
  row: number;
}

export interface RowProblem {
  row: number;
  message: string;
}

export interface NormalisedStatement {
  lines: StatementLine[];
  /** Rows of money out (transfers, fees): never a payment to Pasado, not kept. */
  outgoing: number;
  /** Rows that are not transactions: preamble, totals, page footers, empty rows. */
  skipped: number;
  problems: RowProblem[];
}

/**
 * The first cell that a spreadsheet would run as a formula (OWASP "CSV injection": a leading =, +,
 * -, @, tab or carriage return), or null. A cell led by + or - with nothing but digits, spaces and
 * separators after it — "-199.00", "+63 917 123 4567", a lone "-" for an empty amount — calls no
 * function and reaches no command, so it is data. Statements never hold formulas, so one cell is
 * enough to refuse the file: its lines would be shown to staff and could be exported again.
 */
export function findFormulaCell(
  rows: readonly (readonly string[])[],
): { row: number; column: number } | null {
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r] ?? [];
    for (let c = 0; c < row.length; c += 1) {
      const cell = row[c] ?? '';
      if (!/^[=+\-@\t\r]/.test(cell)) continue;
      if (
        /^[+-][\d\s,.()+-]*$/.test(cell.trim()) ||
        /^[+-]\s*(?:PHP|₱)\s*[\d,.]+$/u.test(cell.trim())
      ) {
        continue;
      }
      return { row: r + 1, column: c + 1 };
    }
  }
  return null;
}

const cellOf = (row: readonly string[], index: number | undefined): string =>
  index === undefined ? '' : (row[index] ?? '').trim();

const regexCache = new Map<string, RegExp | null>();

/** The mapping's own regular expressions, compiled once; null when one does not compile. */
function mappingRegex(source: string | undefined): RegExp | null {
  if (source === undefined) return null;
  let entry = regexCache.get(source);
  if (entry === undefined) {
    try {
      entry = new RegExp(source, 'iu');
    } catch {
      entry = null;
    }
    regexCache.set(source, entry);
  }
  return entry;
}

type RowReading =
  | { kind: 'line'; line: Omit<StatementLine, 'identity'> }
  | { kind: 'outgoing' }
  | { kind: 'skip' }
  | { kind: 'problem'; message: string };

function readRow(
  row: readonly string[],
  rowNumber: number,
  columns: ColumnPositions,
  mapping: StatementMapping,
): RowReading {
  const dateText = cellOf(row, columns.date);
  const timeText = cellOf(row, columns.time);
  const credit = cellOf(row, columns.credit);
  const debit = cellOf(row, columns.debit);
  const amountText = cellOf(row, columns.amount);
  if (row.every((cell) => cell.trim() === '')) return { kind: 'skip' };

  // Money first: a row with no amount in any money column is a title, a total or a footer.
  let signed: number | null = null;
  if (credit !== '' || debit !== '') {
    const c = credit === '' ? 0 : parseAmountCentavos(credit);
    const d = debit === '' ? 0 : parseAmountCentavos(debit);
    if (c === null || d === null) {
      if (!/\d/.test(dateText)) return { kind: 'skip' };
      return { kind: 'problem', message: `amount "${credit || debit}" is not a number` };
    }
    signed = Math.abs(c) - Math.abs(d);
  } else if (amountText !== '') {
    const a = parseAmountCentavos(amountText);
    if (a === null) {
      if (!/\d/.test(dateText)) return { kind: 'skip' };
      return { kind: 'problem', message: `amount "${amountText}" is not a number` };
    }
    signed = a;
    if (columns.direction !== undefined) {
      const incoming = (mapping.incomingWords ?? ['credit', 'cr', 'in', 'received']).map((w) =>
        w.toLowerCase(),
      );
      const direction = cellOf(row, columns.direction).toLowerCase();
      signed = incoming.includes(direction) ? Math.abs(a) : -Math.abs(a);
    }
  }
  if (signed === null || signed === 0) return { kind: 'skip' };

  const date = parseStatementDate(
    timeText === '' ? dateText : `${dateText} ${timeText}`,
    mapping.dateFormats,
  );
  if (date === null) {
    // Totals and balance rows put words where the date goes; a row is a transaction that could not
    // be read only when its date cell has digits in it.
    if (!/\d/.test(dateText)) return { kind: 'skip' };
    return {
      kind: 'problem',
      message: `date "${dateText}${timeText === '' ? '' : ` ${timeText}`}" is not in the export's format`,
    };
  }
  if (signed < 0) return { kind: 'outgoing' };

  const description = cellOf(row, columns.description).replace(/\s+/g, ' ').slice(0, 200);
  let reference = normaliseReference(cellOf(row, columns.reference), mapping.referenceKind);
  if (reference === null) {
    const found = mappingRegex(mapping.referencePattern)?.exec(description);
    if (found) reference = normaliseReference(found[1] ?? found[0], mapping.referenceKind);
  }
  let sender = normaliseSender(cellOf(row, columns.sender));
  if (sender === null) {
    const found = mappingRegex(mapping.senderPattern)?.exec(description);
    const named = found?.groups?.sender;
    if (named) sender = normaliseSender(named);
  }
  const balanceText = cellOf(row, columns.balance);
  return {
    kind: 'line',
    line: {
      source: mapping.source,
      occurredAt: date.at,
      timeKnown: date.timeKnown,
      amountCentavos: signed,
      reference,
      sender,
      description,
      balanceCentavos: balanceText === '' ? null : parseAmountCentavos(balanceText),
      row: rowNumber,
    },
  };
}

/**
 * The identity of a line. A reference identifies a transfer within its source, so a line with one
 * is keyed by it (a CSV giving seconds and a PDF giving minutes still agree). Without one, the
 * instant, amount, running balance and sender stand in. The ordinal tells apart lines identical in
 * every field within one statement (two ₱199 transfers from one person in the same minute); the
 * same two lines in an overlapping statement get the same ordinals.
 */
function identityBase(line: Omit<StatementLine, 'identity'>): string {
  if (line.reference !== null) return `${line.source}|ref:${line.reference}`;
  return [
    line.source,
    `at:${line.occurredAt.toISOString()}`,
    `amt:${line.amountCentavos}`,
    `bal:${line.balanceCentavos ?? ''}`,
    `from:${(line.sender ?? '').toLowerCase()}`,
  ].join('|');
}

/** At most this many row problems are named in the refusal (the rest are counted). */
const PROBLEMS_NAMED = 5;

/**
 * Reads a statement's rows with a mapping: finds the header, reads each row after it, and keys each
 * line. A row that looks like a transaction but cannot be read is a problem; the caller refuses the
 * whole file when there is any (`statementRefusal`), so a half-read statement never lands.
 */
export function normaliseStatementRows(
  rows: readonly (readonly string[])[],
  mapping: StatementMapping,
): NormalisedStatement | { refused: string } {
  if (rows.length === 0 || rows.every((row) => row.every((cell) => cell.trim() === ''))) {
    return { refused: STATEMENT_MESSAGES.EMPTY };
  }
  const formula = findFormulaCell(rows);
  if (formula) return { refused: STATEMENT_MESSAGES.FORMULA_CELL(formula.row, formula.column) };
  const header = findHeaderRow(rows, mapping);
  if (!header) return { refused: STATEMENT_MESSAGES.NO_HEADER(mapping.label) };

  const lines: StatementLine[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  let outgoing = 0;
  let skipped = header.index + 1;
  for (let r = header.index + 1; r < rows.length; r += 1) {
    const rowNumber = r + 1;
    const reading = readRow(rows[r] ?? [], rowNumber, header.columns, mapping);
    switch (reading.kind) {
      case 'skip':
        skipped += 1;
        break;
      case 'outgoing':
        outgoing += 1;
        break;
      case 'problem':
        problems.push({ row: rowNumber, message: reading.message });
        break;
      case 'line': {
        const base = identityBase(reading.line);
        const ordinal = (seen.get(base) ?? 0) + 1;
        seen.set(base, ordinal);
        lines.push({ ...reading.line, identity: `${base}#${ordinal}` });
        break;
      }
    }
  }
  return { lines, outgoing, skipped, problems };
}

/** The refusal of a statement with unreadable rows, naming the first few; null when there is none. */
export function statementRefusal(problems: readonly RowProblem[]): string | null {
  if (problems.length === 0) return null;
  const named = problems
    .slice(0, PROBLEMS_NAMED)
    .map((p) => `row ${p.row}: ${p.message}`)
    .join('; ');
  const more =
    problems.length > PROBLEMS_NAMED ? `; and ${problems.length - PROBLEMS_NAMED} more` : '';
  return STATEMENT_MESSAGES.BAD_ROWS(`${named}${more}.`);
}

/**
 * The lines not yet kept, by identity (issue 26: "uploading overlapping statements twice adds
 * nothing"). The database's unique key on `identity` is the final word; this tells staff the
 * figures before anything is written.
 */
export function newStatementLines(
  lines: readonly StatementLine[],
  kept: ReadonlySet<string>,
): StatementLine[] {
  const fresh: StatementLine[] = [];
  const inThisFile = new Set<string>();
  for (const line of lines) {
    if (kept.has(line.identity) || inThisFile.has(line.identity)) continue;
    inThisFile.add(line.identity);
    fresh.push(line);
  }
  return fresh;
}
