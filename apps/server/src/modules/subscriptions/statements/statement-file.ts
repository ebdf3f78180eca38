import { STATEMENT_MESSAGES } from '@pasado/core';
import { AppError } from '../../../platform/errors/app-error.ts';

/**
 * What an uploaded statement is, from its bytes, never its name or the browser's type (issue 26
 * item 5: "a malformed, oversized or hostile file … gets a clear error and changes nothing").
 * Archives are named and refused without being opened: a zip bomb is harmless until inflated.
 */

/** A CSV statement of 50,000 lines is about 6 MB; twice that is room, not an invitation. */
export const CSV_STATEMENT_MAX_BYTES = 16 * 1024 * 1024;
/** The wallets' statement PDFs are well under 1 MB a month. */
export const PDF_STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

export type StatementFileKind = 'csv' | 'pdf';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);

/** Archive and office formats a student or staff member might upload instead of a CSV. */
const ARCHIVES: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04], // zip, and so xlsx, docx, ods
  [0x50, 0x4b, 0x05, 0x06], // empty zip
  [0x50, 0x4b, 0x07, 0x08], // spanned zip
  [0x1f, 0x8b], // gzip
  [0x42, 0x5a, 0x68], // bzip2
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // rar
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], // xz
  [0x28, 0xb5, 0x2f, 0xfd], // zstd
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // OLE2: xls, doc
];

function refuse(message: string, reason?: string): never {
  throw new AppError('INVALID_ARGUMENT', message, reason);
}

/**
 * The kind of statement these bytes are, or an `AppError` saying why they are none: too large,
 * an archive or spreadsheet, a binary file. A PDF is recognised by its header within the first
 * 1,024 bytes (ISO 32000-1 #server-functions.5.2 lets a header follow a little junk).
 */
export function statementFileKind(bytes: Uint8Array): StatementFileKind {
  if (bytes.length === 0) refuse(STATEMENT_MESSAGES.EMPTY, 'empty');
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) {
    if (bytes.length > PDF_STATEMENT_MAX_BYTES) {
      refuse(STATEMENT_MESSAGES.TOO_LARGE(PDF_STATEMENT_MAX_BYTES / 1024 / 1024), 'tooLarge');
    }
    return 'pdf';
  }
  if (ARCHIVES.some((signature) => startsWith(bytes, signature))) {
    refuse(STATEMENT_MESSAGES.ARCHIVE, 'archive');
  }
  if (bytes.length > CSV_STATEMENT_MAX_BYTES) {
    refuse(STATEMENT_MESSAGES.TOO_LARGE(CSV_STATEMENT_MAX_BYTES / 1024 / 1024), 'tooLarge');
  }
  return 'csv';
}

/**
 * A CSV's text: UTF-8 (a byte-order mark dropped), or UTF-16 with its mark as spreadsheet programs
 * save "Unicode text". Bytes that are not such text — an image, an executable, a NUL — are refused.
 */
export function csvText(bytes: Uint8Array): string {
  let text: string;
  try {
    if (startsWith(bytes, [0xff, 0xfe])) {
      text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    } else if (startsWith(bytes, [0xfe, 0xff])) {
      text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    } else {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    }
  } catch {
    refuse(STATEMENT_MESSAGES.NOT_TEXT, 'notText');
  }
  if (hasControlCharacter(text)) refuse(STATEMENT_MESSAGES.NOT_TEXT, 'notText');
  return text;
}

/** Control characters other than tab, line feed and carriage return never appear in an export. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return true;
    }
  }
  return false;
}
