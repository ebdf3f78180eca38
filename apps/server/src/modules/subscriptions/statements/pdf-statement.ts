import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { inflateSync } from 'node:zlib';
import { rowsFromPdfText, STATEMENT_MESSAGES, type StatementMapping } from '@pasado/core';
import { AppError } from '../../../platform/errors/app-error.ts';
import { type StatementRead, statementFromRows } from './csv-statement.ts';
import type { PdfWorkerInput, PdfWorkerResult } from './pdf-text.worker.ts';
import { PDF_STATEMENT_MAX_BYTES } from './statement-file.ts';

/**
 * Reads a PDF statement (issue 26 item 1: "text extracted with a well-kept PDF library; a
 * password-protected PDF asks for its password and keeps neither the password nor the file").
 * The file is first scanned as bytes for what a statement never carries (scripts, embedded files,
 * streams that inflate far beyond their size), then opened by pdf.js (through unpdf) in a worker
 * thread that is stopped after `timeoutMs`. Nothing is written: the bytes and the password live
 * only in this call and in the worker, which ends with it.
 */

/** How much a PDF's compressed streams may inflate to, all together, before it counts as a bomb. */
export const PDF_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
const PDF_TIMEOUT_MS = 20_000;
const PDF_MAX_PAGES = 500;
const PDF_MAX_ITEMS = 400_000;

/** PDF names that mean code, launching, or files carried inside (ISO 32000-1 #overview.6, #server-functions.11.4). */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'ImportData',
  'SubmitForm',
  'GoToE',
]);

function refuse(message: string, reason?: string): never {
  throw new AppError('INVALID_ARGUMENT', message, reason);
}

/** A name's text with its #xx escapes decoded (/J#61vaScript is /JavaScript, #server-functions.3.5). */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

function activeNameIn(text: string): string | null {
  for (const match of text.matchAll(/\/([^\s/<>[\]()%{}]{1,127})/g)) {
    const name = decodeName(match[1] ?? '');
    if (ACTIVE_NAMES.has(name)) return name;
  }
  return null;
}

export type PdfScanFinding = { kind: 'active'; name: string } | { kind: 'bomb' } | null;

/**
 * Looks through a PDF's objects, and through each Flate-compressed stream inflated (object streams
 * hide dictionaries there), for active content; inflating stops once the streams together pass
 * `maxInflated`, so a decompression bomb is found without ever being unpacked. Stream bodies are
 * read only as their filter says (compressed bytes are noise in which "/JS" turns up by chance);
 * streams that do not inflate (encrypted ones) are left to pdf.js, which the worker asks for
 * scripts once the file is open.
 */
export function scanPdfBytes(
  bytes: Uint8Array,
  maxInflated = PDF_MAX_INFLATED_BYTES,
): PdfScanFinding {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  // In a protected file every stream is encrypted: an unfiltered body is noise too.
  const encrypted = /\/Encrypt[\s/<]/.test(text);
  let budget = maxInflated;
  let outside = 0;
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    const begin = match.index + match[0].length;
    const found = activeNameIn(text.slice(outside, match.index));
    if (found) return { kind: 'active', name: found };
    const end = text.indexOf('endstream', begin);
    if (end === -1) {
      outside = text.length;
      break;
    }
    outside = end + 'endstream'.length;
    streamStart.lastIndex = outside;
    const dictionary = text.slice(Math.max(0, text.lastIndexOf('<<', match.index)), match.index);
    let body: string;
    if (dictionary.includes('/Filter')) {
      if (!dictionary.includes('FlateDecode')) continue;
      let inflated: Buffer;
      try {
        inflated = inflateSync(buffer.subarray(begin, end), {
          maxOutputLength: Math.max(1, budget),
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'bomb' };
        // Encrypted or damaged: pdf.js judges it.
        continue;
      }
      budget -= inflated.length;
      if (budget <= 0) return { kind: 'bomb' };
      body = inflated.toString('latin1');
    } else if (!encrypted) {
      body = text.slice(begin, end);
    } else {
      continue;
    }
    const name = activeNameIn(body);
    if (name) return { kind: 'active', name };
  }
  const rest = activeNameIn(text.slice(outside));
  return rest ? { kind: 'active', name: rest } : null;
}

/**
 * The worker's script: the TypeScript file beside this one (tests, tsx), or in the compiled server
 * the entry build.mjs writes at dist/pdf-text.worker.js, this code being in dist/ or dist/chunks/.
 */
function workerScript(): URL {
  const source = new URL('./pdf-text.worker.ts', import.meta.url);
  if (existsSync(source)) return source;
  for (const compiled of ['./pdf-text.worker.js', '../pdf-text.worker.js']) {
    const url = new URL(compiled, import.meta.url);
    if (existsSync(url)) return url;
  }
  return source;
}

/** Runs the extraction worker; resolves with its answer, or `tooComplex` once it overruns. */
export function extractInWorker(
  input: PdfWorkerInput,
  timeoutMs: number,
): Promise<PdfWorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerScript(), {
      workerData: input,
      // pdf.js keeps its objects on the JavaScript heap; a file that needs more is not a statement.
      resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => resolve({ kind: 'tooComplex', what: 'time' })),
      timeoutMs,
    );
    worker.once('message', (result: PdfWorkerResult) => finish(() => resolve(result)));
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({ kind: 'tooComplex', what: 'memory' })
          : reject(error),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => resolve({ kind: 'unreadable', what: `worker exit ${code}` })),
    );
  });
}

/** The positioned text of a PDF statement, or an `AppError` with the reason staff act on. */
export async function readPdfText(
  bytes: Uint8Array,
  options: { password?: string | null; timeoutMs?: number } = {},
): Promise<Extract<PdfWorkerResult, { kind: 'items' }>> {
  if (bytes.length > PDF_STATEMENT_MAX_BYTES) {
    refuse(STATEMENT_MESSAGES.TOO_LARGE(PDF_STATEMENT_MAX_BYTES / 1024 / 1024), 'tooLarge');
  }
  if (!Buffer.from(bytes.subarray(0, 1024)).toString('latin1').includes('%PDF-')) {
    refuse(STATEMENT_MESSAGES.NOT_PDF, 'notPdf');
  }
  const finding = scanPdfBytes(bytes);
  if (finding?.kind === 'active') refuse(STATEMENT_MESSAGES.PDF_SCRIPT, 'pdfActiveContent');
  if (finding?.kind === 'bomb') refuse(STATEMENT_MESSAGES.PDF_TOO_COMPLEX, 'pdfTooComplex');
  const result = await extractInWorker(
    {
      // A copy: the worker gets its own, and the caller's buffer stays whole.
      bytes: new Uint8Array(bytes),
      password: options.password ?? null,
      maxPages: PDF_MAX_PAGES,
      maxItems: PDF_MAX_ITEMS,
    },
    options.timeoutMs ?? PDF_TIMEOUT_MS,
  );
  switch (result.kind) {
    case 'items':
      if (result.items.length === 0) refuse(STATEMENT_MESSAGES.PDF_NO_TEXT, 'pdfNoText');
      return result;
    case 'password':
      return result.wrong
        ? refuse(STATEMENT_MESSAGES.PDF_PASSWORD_WRONG, 'pdfPasswordWrong')
        : refuse(STATEMENT_MESSAGES.PDF_PASSWORD_REQUIRED, 'pdfPasswordRequired');
    case 'active':
      return refuse(STATEMENT_MESSAGES.PDF_SCRIPT, 'pdfActiveContent');
    case 'tooComplex':
      return refuse(STATEMENT_MESSAGES.PDF_TOO_COMPLEX, 'pdfTooComplex');
    case 'unreadable':
      return refuse(STATEMENT_MESSAGES.PDF_UNREADABLE, 'pdfUnreadable');
  }
}

/** A PDF statement read with a mapping: its text laid out as rows, then read as a CSV's would be. */
export async function readPdfStatement(
  bytes: Uint8Array,
  mapping: StatementMapping,
  options: { password?: string | null; timeoutMs?: number } = {},
): Promise<StatementRead> {
  const { items } = await readPdfText(bytes, options);
  return statementFromRows(rowsFromPdfText(items, mapping), mapping);
}
