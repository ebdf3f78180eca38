/**
 * How a question's stem is shown (docs/content-format.md#stems, ADR 045). A stem is plain text,
 * not Markdown: its blanks (`________`), asterisks and absolute values (`|2x − 3|`) are the
 * question's own characters. Two things in it are layout: a blank line starts a new paragraph (a
 * reading passage, then the question), and a pipe table (a header row, a delimiter row such as
 * `|---|---:|`, then its rows) is a table, as the data-interpretation items carry their figures.
 * A line break inside a paragraph is kept (a list of names, one a line).
 */

export type StemAlign = 'left' | 'center' | 'right';

export type StemTable = {
  kind: 'table';
  header: string[];
  rows: string[][];
  /** Per column: as its delimiter cell says (`:--`, `:-:`, `--:`); else right for numbers. */
  align: (StemAlign | null)[];
};

export type StemBlock = { kind: 'text'; text: string } | StemTable;

const DELIMITER_CELL = /^:?-+:?$/;
// A figure as tables print them: ₱1,250.50, −4, 12.5 %, 3/4.
const NUMBER = /^[-−+]?[₱$]?\s?\d[\d,]*(\.\d+)?(\s?%|\/\d+)?$/;

/** A pipe row's cells (`| a | b |`), trimmed; `\|` is a pipe inside a cell. Null: not a row. */
export function tableCells(line: string): string[] | null {
  const row = line.trim();
  if (!row.startsWith('|') || !row.endsWith('|') || row.length < 2) return null;
  return row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replaceAll('\\|', '|'));
}

function alignOf(delimiter: string): StemAlign | null {
  const left = delimiter.startsWith(':');
  const right = delimiter.endsWith(':');
  if (left && right) return 'center';
  if (right) return 'right';
  if (left) return 'left';
  return null;
}

/** The table `lines[at]` opens: a row, then a delimiter row of as many cells; else null. */
function tableAt(
  lines: readonly string[],
  at: number,
): { header: string[]; delimiters: string[] } | null {
  const header = tableCells(lines[at] ?? '');
  const delimiters = tableCells(lines[at + 1] ?? '');
  if (!header || !delimiters || header.length !== delimiters.length) return null;
  return delimiters.every((cell) => DELIMITER_CELL.test(cell)) ? { header, delimiters } : null;
}

/** A column's alignment: as its delimiter cell says, else right when every value is a figure. */
function columnAlign(delimiter: string, values: readonly string[]): StemAlign | null {
  const stated = alignOf(delimiter);
  if (stated) return stated;
  const filled = values.filter((value) => value !== '');
  return filled.length > 0 && filled.every((value) => NUMBER.test(value)) ? 'right' : null;
}

/** The stem's paragraphs and tables, in order. Text outside tables is kept as written. */
export function stemBlocks(stem: string): StemBlock[] {
  const lines = stem.split(/\r?\n/);
  const blocks: StemBlock[] = [];
  let prose: string[] = [];
  const endParagraph = () => {
    const text = prose.join('\n').trim();
    if (text !== '') blocks.push({ kind: 'text', text });
    prose = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const table = tableAt(lines, i);
    if (!table) {
      if (line.trim() === '') endParagraph();
      else prose.push(line);
      i += 1;
      continue;
    }
    endParagraph();
    const rows: string[][] = [];
    i += 2;
    for (let cells = tableCells(lines[i] ?? ''); cells; cells = tableCells(lines[++i] ?? '')) {
      rows.push(cells);
    }
    const align = table.delimiters.map((delimiter, column) =>
      columnAlign(
        delimiter,
        rows.map((row) => row[column] ?? ''),
      ),
    );
    blocks.push({ kind: 'table', header: table.header, rows, align });
  }
  endParagraph();
  return blocks;
}

/**
 * A stem's layout defects for `content:check`: a table row of another width than its header, and
 * rows with no delimiter row under their header, which a student would see as lines of pipes.
 */
export function stemTableProblems(stem: string): string[] {
  const problems: string[] = [];
  for (const block of stemBlocks(stem)) {
    if (block.kind !== 'table') {
      let run = 0;
      for (const line of block.text.split('\n')) {
        run = (tableCells(line)?.length ?? 0) >= 2 ? run + 1 : 0;
        if (run === 2)
          problems.push(
            `"${line.trim()}" reads as a table row, but the table has no delimiter row (|---|---|) under its header.`,
          );
      }
      continue;
    }
    block.rows.forEach((row, index) => {
      if (row.length !== block.header.length)
        problems.push(
          `Row ${index + 1} of the table "${block.header.join(' | ')}" has ${row.length} cells; its header has ${block.header.length}.`,
        );
    });
  }
  return problems;
}
