import { describe, expect, it } from 'vitest';
import { type PdfTextItem, rowsFromPdfText } from './pdf-table.ts';
import { normaliseStatementRows } from './statement-lines.ts';
import { GCASH_HISTORY_MAPPING } from './statement-mapping.ts';

/** Pieces of text at the x positions of a GCash statement's columns (right-aligned amounts). */
const COLUMNS = {
  date: 40,
  description: 150,
  reference: 330,
  debit: 430,
  credit: 490,
  balance: 550,
};

function piece(page: number, y: number, x: number, text: string): PdfTextItem {
  return { page, x, y, width: text.length * 4.5, text };
}

function row(page: number, y: number, cells: Partial<Record<keyof typeof COLUMNS, string>>) {
  return Object.entries(cells).map(([column, text]) =>
    piece(page, y, COLUMNS[column as keyof typeof COLUMNS], text),
  );
}

const header = (page: number, y: number) => [
  // Headers split into several pieces, as PDF text often is.
  piece(page, y, 40, 'Date'),
  piece(page, y, 60, 'and'),
  piece(page, y, 78, 'Time'),
  piece(page, y, 150, 'Description'),
  piece(page, y, 330, 'Reference No.'),
  piece(page, y, 430, 'Debit'),
  piece(page, y, 490, 'Credit'),
  piece(page, y, 550, 'Balance'),
];

describe('rowsFromPdfText: a GCash PDF statement laid out as rows', () => {
  const items: PdfTextItem[] = [
    piece(1, 800, 40, 'GCash Transaction History'),
    piece(1, 780, 40, 'Period: 2026-10-01 to 2026-10-31'),
    ...header(1, 740),
    ...row(1, 720, {
      date: '2026-10-05 09:30 PM',
      description: 'Received GCash from JUAN',
      reference: '7037651006674',
      credit: '199.00',
      balance: '1,199.00',
    }),
    // The description wraps onto a second line.
    ...row(1, 710, { description: 'DELA CRUZ' }),
    ...row(1, 690, {
      date: '2026-10-05 09:41 PM',
      description: 'Transfer to 09171234567',
      reference: '7037651006675',
      debit: '50.00',
      balance: '1,149.00',
    }),
    ...row(1, 60, { description: 'Page 1 of 2' }),
    // Page 2 repeats no header.
    piece(2, 800, 40, 'GCash Transaction History'),
    ...row(2, 720, {
      date: '2026-10-06 08:02 AM',
      description: 'Received GCash from MARIA SANTOS',
      reference: '7037651006676',
      credit: '99.00',
      balance: '1,248.00',
    }),
    ...row(2, 700, { description: 'Total Credit', credit: '298.00' }),
  ];

  it('joins header pieces, wraps descriptions, and keeps page 1’s columns on page 2', () => {
    expect(rowsFromPdfText(items, GCASH_HISTORY_MAPPING)).toEqual([
      ['Date and Time', 'Description', 'Reference No.', 'Debit', 'Credit', 'Balance'],
      [
        '2026-10-05 09:30 PM',
        'Received GCash from JUAN DELA CRUZ',
        '7037651006674',
        '',
        '199.00',
        '1,199.00',
      ],
      ['2026-10-05 09:41 PM', 'Transfer to 09171234567', '7037651006675', '50.00', '', '1,149.00'],
      ['', 'Page 1 of 2', '', '', '', ''],
      ['GCash Transaction History', '', '', '', '', ''],
      [
        '2026-10-06 08:02 AM',
        'Received GCash from MARIA SANTOS',
        '7037651006676',
        '',
        '99.00',
        '1,248.00',
      ],
      ['', 'Total Credit', '', '', '298.00', ''],
    ]);
  });

  it('reads into the same lines a CSV gives', () => {
    const result = normaliseStatementRows(
      rowsFromPdfText(items, GCASH_HISTORY_MAPPING),
      GCASH_HISTORY_MAPPING,
    );
    if ('refused' in result) throw new Error(result.refused);
    expect(result.problems).toEqual([]);
    expect(result.lines.map((l) => [l.reference, l.amountCentavos, l.sender])).toEqual([
      ['7037651006674', 19900, 'JUAN DELA CRUZ'],
      ['7037651006676', 9900, 'MARIA SANTOS'],
    ]);
    expect(result.outgoing).toBe(1);
  });

  it('gives nothing when no page has the header', () => {
    expect(rowsFromPdfText([piece(1, 700, 40, 'A scanned letter')], GCASH_HISTORY_MAPPING)).toEqual(
      [],
    );
  });

  it('a line with a money cell and no date stands alone (a total is not a wrapped description)', () => {
    const rows = rowsFromPdfText(
      [
        ...header(1, 740),
        ...row(1, 720, { date: '2026-10-05 09:30 PM', credit: '199.00' }),
        ...row(1, 700, { description: 'Total Credit', credit: '199.00' }),
      ],
      GCASH_HISTORY_MAPPING,
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]?.[4]).toBe('199.00');
  });
});
