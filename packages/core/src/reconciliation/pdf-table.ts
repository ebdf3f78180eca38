import {
  headerKey,
  STATEMENT_FIELDS,
  type StatementField,
  type StatementMapping,
} from './statement-mapping.ts';

/**
 * A PDF statement's text, laid out as the rows of a table (issue 26 item 1: "a PDF statement, text
 * extracted with a well-kept PDF library"). The PDF library gives positioned pieces of text; this
 * finds the mapping's header on each page, cuts the page into its columns, and joins the pieces of
 * each row, so the same `normaliseStatementRows` reads a PDF and a CSV. GCash's emailed history is
 * such a PDF: "Date and Time | Description | Reference No. | Debit | Credit | Balance".
 */

/** One piece of text as the PDF draws it: page, left edge and baseline (y grows upwards), width. */
export interface PdfTextItem {
  page: number;
  x: number;
  y: number;
  width: number;
  text: string;
}

interface VisualLine {
  y: number;
  items: PdfTextItem[];
}

/** Pieces whose baselines are this close (in PDF units, 1/72 inch) are on one line. */
const SAME_LINE = 2.5;

function visualLines(items: readonly PdfTextItem[]): VisualLine[] {
  const sorted = items
    .filter((item) => item.text.trim() !== '')
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: VisualLine[] = [];
  for (const item of sorted) {
    const last = lines.at(-1);
    if (last && Math.abs(last.y - item.y) <= SAME_LINE) last.items.push(item);
    else lines.push({ y: item.y, items: [item] });
  }
  for (const line of lines) line.items.sort((a, b) => a.x - b.x);
  return lines;
}

interface HeaderColumn {
  field: StatementField;
  name: string;
  left: number;
  right: number;
}

/**
 * The mapping's columns on a visual line, or null when the line is not the header. A header name
 * may be one piece ("Date and Time") or several ("Date", "and", "Time"), so runs of up to four
 * consecutive pieces are compared with each alias.
 */
function headerColumns(line: VisualLine, mapping: StatementMapping): HeaderColumn[] | null {
  const found: HeaderColumn[] = [];
  const used = new Set<number>();
  for (const field of STATEMENT_FIELDS) {
    const names = mapping.columns[field];
    if (!names) continue;
    let match: HeaderColumn | null = null;
    for (const name of names) {
      const wanted = headerKey(name);
      for (let start = 0; start < line.items.length && !match; start += 1) {
        let joined = '';
        for (let end = start; end < Math.min(line.items.length, start + 4); end += 1) {
          if (used.has(end)) break;
          joined += headerKey(line.items[end]?.text ?? '');
          if (joined === wanted) {
            const first = line.items[start] as PdfTextItem;
            const last = line.items[end] as PdfTextItem;
            match = { field, name, left: first.x, right: last.x + last.width };
            for (let k = start; k <= end; k += 1) used.add(k);
            break;
          }
          if (!wanted.startsWith(joined)) break;
        }
      }
      if (match) break;
    }
    if (match) found.push(match);
  }
  const has = (f: StatementField) => found.some((c) => c.field === f);
  if (!has('date') || (!has('credit') && !has('amount'))) return null;
  return found.sort((a, b) => a.left - b.left);
}

/** The column a piece belongs to: the one whose header centre is nearest the piece's centre. */
function columnOf(item: PdfTextItem, columns: readonly HeaderColumn[]): number {
  const centre = item.x + item.width / 2;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  columns.forEach((column, index) => {
    // Inside a header's span is nearest of all; otherwise the distance to its nearer edge.
    const distance =
      centre >= column.left && centre <= column.right
        ? 0
        : Math.min(Math.abs(centre - column.left), Math.abs(centre - column.right));
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  });
  return best;
}

/** A table line's spacing until the statement shows its own: 14 points, a 10–11 pt font's leading. */
const DEFAULT_PITCH = 14;

const MONEY_FIELDS: readonly StatementField[] = ['credit', 'debit', 'amount', 'balance'];

/**
 * The rows of the statement: its header names first, then one row per transaction, cells in header
 * order. A line with nothing in the date column continues the row above when it only adds words
 * to non-money columns (a description wrapped over two lines); otherwise it is a row of its own,
 * which the reader then skips as a total or a footer. Pages without a header (a continuation page)
 * keep the previous page's columns.
 */
export function rowsFromPdfText(
  items: readonly PdfTextItem[],
  mapping: StatementMapping,
): string[][] {
  const pages = new Map<number, PdfTextItem[]>();
  for (const item of items) {
    const list = pages.get(item.page);
    if (list) list.push(item);
    else pages.set(item.page, [item]);
  }
  let columns: HeaderColumn[] | null = null;
  const rows: string[][] = [];
  let headerWritten = false;
  for (const page of [...pages.keys()].sort((a, b) => a - b)) {
    const lines = visualLines(pages.get(page) ?? []);
    let inTable = false;
    let previous: string[] | null = null;
    let previousY = 0;
    // The spacing of the table's lines: a wrapped description sits that close below its row, a
    // page footer much further.
    let pitch = DEFAULT_PITCH;
    for (const line of lines) {
      const header = headerColumns(line, mapping);
      if (header) {
        columns = header;
        inTable = true;
        previous = null;
        previousY = line.y;
        if (!headerWritten) {
          rows.push(header.map((c) => c.name));
          headerWritten = true;
        }
        continue;
      }
      // Before the header on its first page a line is the statement's preamble (account, period).
      if (!columns || (!inTable && !headerWritten)) continue;
      const cells: string[] = columns.map(() => '');
      for (const item of line.items) {
        const index = columnOf(item, columns);
        cells[index] =
          cells[index] === '' ? item.text.trim() : `${cells[index]} ${item.text.trim()}`;
      }
      const dateIndex = columns.findIndex((c) => c.field === 'date');
      const onlyWords = columns.every(
        (column, index) => cells[index] === '' || !MONEY_FIELDS.includes(column.field),
      );
      const gap = previousY - line.y;
      if (cells[dateIndex] === '' && onlyWords && previous && gap <= pitch * 1.5) {
        cells.forEach((cell, index) => {
          if (cell !== '' && previous) {
            previous[index] = previous[index] === '' ? cell : `${previous[index]} ${cell}`;
          }
        });
        previousY = line.y;
        continue;
      }
      if (cells[dateIndex] !== '' && previous && gap > 0) pitch = Math.min(pitch, gap);
      rows.push(cells);
      previous = cells;
      previousY = line.y;
    }
  }
  return rows;
}
