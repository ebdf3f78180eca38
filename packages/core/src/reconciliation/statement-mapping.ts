import type { ReferenceKind } from './statement-values.ts';

/**
 * How one export writes its statement, kept as data (issue 26 item 1): the header of each column
 * Pasado reads, the date formats, the kind of reference, and where the sender is. GCash, Maya and
 * BDO ship here; staff add others through the console, validated by the contract's
 * `statementMappingSchema`. The shipped column names and formats, and where each was read, are in
 * docs/decisions/029-payment-reconciliation.md ("Sources").
 */
export interface StatementMapping {
  /** Stable key, e.g. 'gcash-history'. */
  id: string;
  /** What staff see when choosing the export. */
  label: string;
  /**
   * The account the lines belong to. Lines of one source are one history: a CSV export and a PDF
   * statement of the same wallet share it, so a line in both is kept once.
   */
  source: string;
  /** Header texts of each column, compared without case, spaces and punctuation; aliases allowed. */
  columns: {
    date: string[];
    /** A separate time column, when the date column has the day only. */
    time?: string[];
    reference?: string[];
    description?: string[];
    /** A column naming the sender; otherwise `senderPattern` reads it from the description. */
    sender?: string[];
    /** Money in. */
    credit?: string[];
    /** Money out (never a payment to Pasado: counted, not kept). */
    debit?: string[];
    /** One signed column: positive in, negative out (unless `direction` says otherwise). */
    amount?: string[];
    /** A column saying in or out, for exports with an unsigned amount. */
    direction?: string[];
    balance?: string[];
  };
  /** Tried in order (tokens YYYY MMMM MMM MM M DD D HH H hh h mm ss A a). */
  dateFormats: string[];
  referenceKind: ReferenceKind;
  /** A regular expression finding the reference in the description, when no column holds it. */
  referencePattern?: string;
  /** A regular expression with a group named `sender`, applied to the description. */
  senderPattern?: string;
  /** Values of the direction column meaning money in (compared without case). */
  incomingWords?: string[];
}

/** The fields a mapping can name, in the order the console shows them. */
export const STATEMENT_FIELDS = [
  'date',
  'time',
  'reference',
  'description',
  'sender',
  'credit',
  'debit',
  'amount',
  'direction',
  'balance',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/**
 * GCash transaction history (the app's emailed statement, also as converted spreadsheets): "Date
 * and Time | Description | Reference No. | Debit | Credit | Balance", dates like
 * "2026-10-05 09:30 PM", 13-digit references, senders in descriptions such as "Received GCash
 * from JUAN DELA CRUZ with account ending in 4567" or "Transfer from 09171234567 to 09998887777".
 */
export const GCASH_HISTORY_MAPPING: StatementMapping = {
  id: 'gcash-history',
  label: 'GCash transaction history',
  source: 'gcash',
  columns: {
    date: ['Date and Time', 'Date/Time', 'Date'],
    reference: ['Reference No.', 'Reference No', 'Reference Number', 'Ref No.'],
    description: ['Description'],
    debit: ['Debit'],
    credit: ['Credit'],
    balance: ['Balance'],
  },
  dateFormats: [
    'YYYY-MM-DD hh:mm A',
    'YYYY-MM-DD HH:mm',
    'YYYY-MM-DD HH:mm:ss',
    'MMM D, YYYY h:mm A',
    'MM/DD/YYYY hh:mm A',
  ],
  referenceKind: 'digits',
  senderPattern:
    '(?:Received GCash from|Transfer from|Received money from)\\s+(?<sender>.+?)(?:\\s+(?:with account ending in|to)\\s.*)?$',
};

/**
 * Maya wallet transaction history: "Date | Description | Reference ID | Amount | Balance", one signed
 * amount, dates like "2026-10-05 21:30:12" (Maya's reports write "YYYY-MM-DD HH:mm:ss" in PHT),
 * 12-hex-character reference IDs, senders in "Received money from JUAN DELA CRUZ".
 */
export const MAYA_HISTORY_MAPPING: StatementMapping = {
  id: 'maya-history',
  label: 'Maya transaction history',
  source: 'maya',
  columns: {
    date: ['Date', 'Date and Time', 'DateTime', 'Transaction Date'],
    reference: ['Reference ID', 'Reference Number', 'Reference No.', 'Reference'],
    description: ['Description', 'Transaction'],
    amount: ['Amount'],
    balance: ['Balance', 'Running Balance'],
  },
  dateFormats: [
    'YYYY-MM-DD HH:mm:ss',
    'YYYY-MM-DD HH:mm',
    'MMM D, YYYY, hh:mm a',
    'MMM D, YYYY hh:mm a',
    'MM/DD/YYYY HH:mm',
  ],
  referenceKind: 'hex',
  senderPattern: '(?:Received money from|Received from|from)\\s+(?<sender>.+)$',
};

/**
 * BDO online banking "My Transactions" CSV: a preamble of account rows, then "Posting Date |
 * Description | | Branch | Debit Amount | | Credit Amount | | Running Balance | | Currency | Check
 * Number", dates like "Feb 29, 2024" (the day only), amounts like "55,677.05", closed by
 * "** End of Report **". InstaPay credits carry their reference in the description.
 */
export const BDO_MY_TRANSACTIONS_MAPPING: StatementMapping = {
  id: 'bdo-my-transactions',
  label: 'BDO My Transactions (CSV)',
  source: 'bdo',
  columns: {
    date: ['Posting Date'],
    description: ['Description'],
    debit: ['Debit Amount'],
    credit: ['Credit Amount'],
    balance: ['Running Balance'],
  },
  dateFormats: ['MMM D, YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'],
  referenceKind: 'digits',
  referencePattern: '(?:REF(?:ERENCE)?|TRACE)\\s*(?:NO\\.?|#)?\\s*:?\\s*(\\d[\\d -]{5,30}\\d)',
  senderPattern:
    "(?:FROM|FR)\\s*:?\\s+(?<sender>[A-Z][A-Z .,'-]{1,60}?)(?:\\s+(?:REF|TRACE|VIA)\\b.*)?$",
};

/** The mappings Pasado ships (issue 26 item 1: "two or three mappings shipped"). */
export const BUILTIN_STATEMENT_MAPPINGS: readonly StatementMapping[] = [
  GCASH_HISTORY_MAPPING,
  MAYA_HISTORY_MAPPING,
  BDO_MY_TRANSACTIONS_MAPPING,
];

/** A header as compared: lower case, letters and digits only ("Reference No." → "referenceno"). */
export function headerKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Where each field's column is in a header row; absent fields are left out. */
export type ColumnPositions = Partial<Record<StatementField, number>>;

/**
 * The positions of the mapping's columns in a header row, or null when the row is not this
 * export's header: the date column and a money column (credit or amount) must both be there.
 * The first matching cell wins, so BDO's unnamed spacer columns never shadow a named one.
 */
export function locateColumns(
  header: readonly string[],
  mapping: StatementMapping,
): ColumnPositions | null {
  const keys = header.map(headerKey);
  const positions: ColumnPositions = {};
  for (const field of STATEMENT_FIELDS) {
    const names = mapping.columns[field];
    if (!names) continue;
    const wanted = names.map(headerKey);
    // Aliases in the mapping's order: "Date and Time" is preferred to a plain "Date" column.
    for (const name of wanted) {
      const index = keys.indexOf(name);
      if (index !== -1) {
        positions[field] = index;
        break;
      }
    }
  }
  if (positions.date === undefined) return null;
  if (positions.credit === undefined && positions.amount === undefined) return null;
  return positions;
}

/** The first row, among the first `scan` rows, that is the mapping's header, with its columns. */
export function findHeaderRow(
  rows: readonly (readonly string[])[],
  mapping: StatementMapping,
  scan = 50,
): { index: number; columns: ColumnPositions } | null {
  const limit = Math.min(rows.length, scan);
  for (let index = 0; index < limit; index += 1) {
    const columns = locateColumns(rows[index] ?? [], mapping);
    if (columns) return { index, columns };
  }
  return null;
}
