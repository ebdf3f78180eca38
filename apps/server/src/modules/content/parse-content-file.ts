import { type ContentBundle, type ContentError, contentBundleSchema } from '@pasado/core';
import type { ZodError } from 'zod';
import { parseContentCsv } from './content-csv.ts';
import { type JsonPath, JsonSyntaxError, parseJsonWithLines } from './json-with-lines.ts';

/** A problem at a place in the bundle (a zod issue or a referential check of the importer). */
export interface ContentIssue {
  path: JsonPath;
  message: string;
}

/** A file that parsed and validated: the bundle, and how to name a place in it for its author. */
export interface ParsedContentFile {
  ok: true;
  format: 'json' | 'csv';
  bundle: ContentBundle;
  /** Turns an issue found later (e.g. an unknown topic id) into a line-numbered error. */
  toError(issue: ContentIssue): ContentError;
}

export type ParseContentResult = ParsedContentFile | { ok: false; errors: ContentError[] };

export type ContentFormat = 'json' | 'csv';

export function contentFormatOf(fileName: string): ContentFormat | null {
  const match = /\.(json|csv)$/i.exec(fileName.trim());
  return match ? (match[1]?.toLowerCase() as ContentFormat) : null;
}

/** `questions[3].answerIndex`: the path as the author reads it in the JSON. */
export function formatPath(path: JsonPath): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

/** "line 14: questions[3].answerIndex: answerIndex must point at one of the choices." */
export function formatContentError(error: ContentError): string {
  return error.line === null ? error.message : `line ${error.line}: ${error.message}`;
}

/** Errors in file order, at most `limit` of them (a broken file can produce thousands). */
export function sortErrors(errors: ContentError[], limit = 200): ContentError[] {
  return [...errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)).slice(0, limit);
}

const zodIssues = (error: ZodError): ContentIssue[] =>
  error.issues.map((issue) => ({
    path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: issue.message,
  }));

/**
 * Reads a content file (docs/content-format.md): JSON in the shape of `contentBundleSchema`, or
 * the CSV layout. Every problem comes back with its line; a file with any problem imports nothing.
 */
export function parseContentFile(fileName: string, text: string): ParseContentResult {
  const format = contentFormatOf(fileName);
  if (format === null)
    return { ok: false, errors: [{ line: null, message: 'Choose a .json or .csv file.' }] };
  if (text.trim() === '')
    return { ok: false, errors: [{ line: null, message: 'The file is empty.' }] };
  return format === 'json' ? parseJson(text) : parseCsv(text);
}

function parseJson(text: string): ParseContentResult {
  let parsed: ReturnType<typeof parseJsonWithLines>;
  try {
    parsed = parseJsonWithLines(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError)
      return {
        ok: false,
        errors: [{ line: error.line, message: `Invalid JSON: ${error.message}` }],
      };
    throw error;
  }
  const toError = (issue: ContentIssue): ContentError => ({
    line: parsed.lineOf(issue.path),
    message: issue.path.length > 0 ? `${formatPath(issue.path)}: ${issue.message}` : issue.message,
  });
  const result = contentBundleSchema.safeParse(parsed.value);
  if (!result.success)
    return { ok: false, errors: sortErrors(zodIssues(result.error).map(toError)) };
  return { ok: true, format: 'json', bundle: result.data, toError };
}

function parseCsv(text: string): ParseContentResult {
  const read = parseContentCsv(text);
  if (!read.ok) return { ok: false, errors: sortErrors(read.errors) };
  const result = contentBundleSchema.safeParse(read.bundle);
  if (!result.success)
    return { ok: false, errors: sortErrors(zodIssues(result.error).map(read.toError)) };
  return { ok: true, format: 'csv', bundle: result.data, toError: read.toError };
}
