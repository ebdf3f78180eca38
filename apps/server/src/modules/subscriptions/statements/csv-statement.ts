import {
  normaliseStatementRows,
  STATEMENT_MESSAGES,
  type StatementLine,
  type StatementMapping,
  statementRefusal,
} from '@pasado/core';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../../platform/errors/app-error.ts';
import { csvText } from './statement-file.ts';

/**
 * Reads a CSV statement export into normalised lines (issue 26 item 1), with the server's
 * `csv-parse` at the edge and core's rules for everything after: header, dates, amounts,
 * references, identities, refusals. It writes nothing; the caller stores the lines or not.
 */

/** What a statement gave: the lines of money in, and counts of the rest, for staff to check. */
export interface StatementRead {
  lines: StatementLine[];
  /** Rows of money out: counted, never kept. */
  outgoing: number;
  /** Rows that are not transactions (preamble, totals, footers). */
  skipped: number;
}

/** More rows than a wallet exports in a year of a busy season; beyond it, a shorter period. */
export const STATEMENT_MAX_ROWS = 200_000;

function refuse(message: string, reason?: string): never {
  throw new AppError('INVALID_ARGUMENT', message, reason);
}

/** The delimiter of the first non-empty line: a tab when it has tabs and no commas, else a comma. */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 20).find((line) => line.trim() !== '') ?? '';
  return first.includes('\t') && !first.includes(',') ? '\t' : ',';
}

/** The CSV's rows as strings, read leniently (exports pad rows unevenly) but bounded. */
export function csvRows(bytes: Uint8Array): string[][] {
  const text = csvText(bytes);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: delimiterOf(text),
      // Exports edited by hand end some lines with CR LF and others with LF.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: false,
      skip_empty_lines: false,
      // One row never holds 64 KB; a quote left open would otherwise swallow the whole file.
      max_record_size: 64 * 1024,
      to: STATEMENT_MAX_ROWS + 1,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      refuse(
        `This CSV is malformed${line ? ` near line ${line}` : ''}: ${error.message.replace(/^Invalid [^:]*: /, '')}`,
        'malformed',
      );
    }
    throw error;
  }
  if (rows.length > STATEMENT_MAX_ROWS) {
    refuse(STATEMENT_MESSAGES.TOO_MANY_ROWS(STATEMENT_MAX_ROWS), 'tooManyRows');
  }
  return rows;
}

/**
 * A statement's rows read with a mapping, or an `AppError` naming what is wrong: no header of that
 * export, a formula cell, rows that cannot be read. All or nothing: one bad row refuses the file.
 */
export function statementFromRows(
  rows: readonly (readonly string[])[],
  mapping: StatementMapping,
): StatementRead {
  const result = normaliseStatementRows(rows, mapping);
  if ('refused' in result) refuse(result.refused, 'refused');
  const problem = statementRefusal(result.problems);
  if (problem) refuse(problem, 'badRows');
  return { lines: result.lines, outgoing: result.outgoing, skipped: result.skipped };
}

/** A CSV statement export read with a mapping. */
export function readCsvStatement(bytes: Uint8Array, mapping: StatementMapping): StatementRead {
  return statementFromRows(csvRows(bytes), mapping);
}
