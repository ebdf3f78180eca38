import type { ContentBundleInput, ContentError } from '@pasado/core';
import { CsvError, parse } from 'csv-parse/sync';
import type { JsonPath } from './json-with-lines.ts';

/**
 * The CSV layout of a content file (docs/content-format.md): a header row naming the columns (any
 * order), then one row per subject, topic, question, flash card or note, told apart by `type`.
 * Blueprints are nested data and exist only in the JSON format.
 */
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const CSV_COLUMNS = [
  'reviewer',
  'type',
  'id',
  'subjectId',
  'topicId',
  'name',
  'sortOrder',
  'stem',
  ...LETTERS.map((l) => `choice${l}`),
  'answer',
  'rationale',
  ...LETTERS.map((l) => `why${l}`),
  'difficulty',
  'situational',
  'front',
  'back',
  'title',
  'body',
] as const;
const REQUIRED_COLUMNS = ['reviewer', 'type', 'id'] as const;

const TYPES = {
  subject: 'subjects',
  topic: 'topics',
  question: 'questions',
  card: 'flashCards',
  flashcard: 'flashCards',
  note: 'notes',
} as const;
type RowKind = (typeof TYPES)[keyof typeof TYPES];

/** Which column a bundle field came from, so an error names what the author typed. */
const COLUMN_OF_FIELD: Record<string, string> = { answerIndex: 'answer' };

interface Record_ {
  info: { lines: number };
  raw: string;
  record: Record<string, string>;
}

export type CsvReadResult =
  | {
      ok: true;
      bundle: ContentBundleInput;
      toError(issue: { path: JsonPath; message: string }): ContentError;
    }
  | { ok: false; errors: ContentError[] };

/** The line a record starts on: csv-parse counts to its end, and a quoted cell may span lines. */
function startLine(entry: Record_): number {
  const body = entry.raw.replace(/^(?:\r?\n)+/, '').replace(/\r?\n$/, '');
  return entry.info.lines - (body.match(/\n/g)?.length ?? 0);
}

export function parseContentCsv(text: string): CsvReadResult {
  let entries: Record_[];
  try {
    entries = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim()),
      info: true,
      raw: true,
      skip_empty_lines: true,
      // Hand-written rows often stop after their last filled cell.
      relax_column_count_less: true,
      trim: true,
    }) as Record_[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? null;
      return { ok: false, errors: [{ line, message: `Invalid CSV: ${error.message}` }] };
    }
    throw error;
  }

  const errors: ContentError[] = [];
  const header = entries[0] ? Object.keys(entries[0].record) : headerOf(text);
  const unknown = header.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  for (const column of unknown)
    errors.push({ line: 1, message: `Unknown column ${column || '(empty)'}.` });
  for (const column of REQUIRED_COLUMNS)
    if (!header.includes(column)) errors.push({ line: 1, message: `Missing column ${column}.` });
  if (entries.length === 0) errors.push({ line: null, message: 'The file has no rows.' });
  if (errors.length > 0) return { ok: false, errors };

  const bundle = {
    reviewer: { shorthand: '' },
    subjects: [] as Record<string, unknown>[],
    topics: [] as Record<string, unknown>[],
    questions: [] as Record<string, unknown>[],
    flashCards: [] as Record<string, unknown>[],
    notes: [] as Record<string, unknown>[],
  };
  const lineOf: Record<RowKind, number[]> = {
    subjects: [],
    topics: [],
    questions: [],
    flashCards: [],
    notes: [],
  };
  const firstLine = startLine(entries[0] as Record_);

  for (const entry of entries) {
    const line = startLine(entry);
    const cell = (column: string): string | undefined => {
      const value = entry.record[column];
      return value === undefined || value === '' ? undefined : value;
    };
    const problem = (column: string, message: string) =>
      errors.push({ line, message: `${column}: ${message}` });

    const reviewer = cell('reviewer');
    if (!reviewer) problem('reviewer', 'Give the reviewer shorthand (e.g. cse-pro) on every row.');
    else if (!bundle.reviewer.shorthand) bundle.reviewer.shorthand = reviewer;
    else if (reviewer !== bundle.reviewer.shorthand)
      problem('reviewer', `Every row must be for ${bundle.reviewer.shorthand}, not ${reviewer}.`);

    const type = (cell('type') ?? '').toLowerCase();
    const kind = TYPES[type as keyof typeof TYPES] as RowKind | undefined;
    if (!kind) {
      problem('type', 'Use subject, topic, question, card or note.');
      continue;
    }
    const row = rowFor(kind, cell, problem);
    lineOf[kind].push(line);
    bundle[kind].push(row);
  }
  if (errors.length > 0) return { ok: false, errors };

  return {
    ok: true,
    bundle: bundle as unknown as ContentBundleInput,
    toError({ path, message }) {
      const [kind, index, field, sub] = path;
      const line =
        typeof kind === 'string' && kind in lineOf && typeof index === 'number'
          ? (lineOf[kind as RowKind][index] ?? null)
          : firstLine;
      return { line, message: `${columnOf(field, sub) ?? 'reviewer'}: ${message}` };
    },
  };
}

function columnOf(field: unknown, sub: unknown): string | null {
  if (typeof field !== 'string') return null;
  const letter = typeof sub === 'number' ? LETTERS[sub] : undefined;
  if (field === 'choices') return letter ? `choice${letter}` : 'choiceA';
  if (field === 'distractorNotes') return letter ? `why${letter}` : 'whyA';
  return COLUMN_OF_FIELD[field] ?? field;
}

function headerOf(text: string): string[] {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return first.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
}

/** A whole number as a number; anything else stays text, for the schema to name the problem. */
function integer(value: string | undefined): number | string | undefined {
  return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : value;
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** A yes/no cell as a boolean (empty: the schema's default); anything else is named as a problem. */
function yesNo(value: string | undefined, problem: (message: string) => void): boolean | undefined {
  if (value === undefined) return undefined;
  const word = value.toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  problem('Use yes or no, or leave it empty (no).');
  return undefined;
}

function rowFor(
  kind: RowKind,
  cell: (column: string) => string | undefined,
  problem: (column: string, message: string) => void,
): Record<string, unknown> {
  const id = cell('id');
  switch (kind) {
    case 'subjects':
      return { id, name: cell('name'), sortOrder: integer(cell('sortOrder')) };
    case 'topics':
      return {
        id,
        subjectId: cell('subjectId'),
        name: cell('name'),
        sortOrder: integer(cell('sortOrder')),
      };
    case 'flashCards':
      return {
        id,
        topicId: cell('topicId'),
        front: cell('front'),
        back: cell('back'),
        rationale: cell('rationale'),
      };
    case 'notes':
      return {
        id,
        topicId: cell('topicId'),
        title: cell('title'),
        body: cell('body'),
        sortOrder: integer(cell('sortOrder')),
      };
    case 'questions': {
      const given = LETTERS.map((l) => cell(`choice${l}`));
      const count = given.reduce((n, c, i) => (c === undefined ? n : i + 1), 0);
      const gap = given.slice(0, count).indexOf(undefined);
      if (gap >= 0)
        problem(
          `choice${LETTERS[gap]}`,
          'Fill the choices in order, without an empty one between.',
        );
      const answer = cell('answer');
      const answerIndex =
        answer === undefined ? undefined : LETTERS.indexOf(answer.toUpperCase() as 'A');
      if (answerIndex === -1) problem('answer', 'Use the letter of the key, A to F.');
      const why = LETTERS.slice(0, Math.max(count, 2)).map((l) => cell(`why${l}`) ?? null);
      return {
        id,
        topicId: cell('topicId'),
        stem: cell('stem'),
        choices: given.slice(0, count),
        answerIndex,
        rationale: cell('rationale'),
        ...(why.some((w) => w !== null) ? { distractorNotes: why } : {}),
        difficulty: integer(cell('difficulty')),
        situational: yesNo(cell('situational'), (message) => problem('situational', message)),
      };
    }
  }
}
