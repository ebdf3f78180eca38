import { MANILA_OFFSET_MS } from '../time.ts';

/**
 * The values of a wallet or bank statement, read as the exports write them (issue 26 item 1;
 * docs/decisions/029-payment-reconciliation.md): dates in Manila time, amounts in integer
 * centavos, references reduced to the characters that identify a transfer. Pure; no `Date.parse`
 * (its reading of "2026-10-05 9:30 PM" depends on the host), no floating-point money.
 */

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * The tokens of a statement date format, longest first so 'MMMM' is not read as 'MM' twice.
 * Anything else in a format is literal; a space stands for any run of spaces (exports and PDF
 * text differ in spacing).
 */
const DATE_TOKENS = [
  'YYYY',
  'MMMM',
  'MMM',
  'MM',
  'M',
  'DD',
  'D',
  'HH',
  'H',
  'hh',
  'h',
  'mm',
  'ss',
  'A',
  'a',
] as const;
type DateToken = (typeof DATE_TOKENS)[number];

const TOKEN_PATTERN: Record<DateToken, string> = {
  YYYY: '(\\d{4})',
  MMMM: '([A-Za-z]{3,9})',
  MMM: '([A-Za-z]{3,4})\\.?',
  MM: '(\\d{2})',
  M: '(\\d{1,2})',
  DD: '(\\d{2})',
  D: '(\\d{1,2})',
  HH: '(\\d{2})',
  H: '(\\d{1,2})',
  hh: '(\\d{2})',
  h: '(\\d{1,2})',
  mm: '(\\d{2})',
  ss: '(\\d{2})',
  A: '([AaPp][Mm])',
  a: '([AaPp][Mm])',
};

interface CompiledFormat {
  regex: RegExp;
  tokens: DateToken[];
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits a format into tokens and literals; null when it has no year, month and day. */
function compileFormat(format: string): CompiledFormat | null {
  const tokens: DateToken[] = [];
  let pattern = '';
  let i = 0;
  while (i < format.length) {
    const token = DATE_TOKENS.find((t) => format.startsWith(t, i));
    if (token) {
      tokens.push(token);
      pattern += TOKEN_PATTERN[token];
      i += token.length;
      continue;
    }
    const ch = format[i] ?? '';
    if (/\s/.test(ch)) {
      pattern += '\\s+';
      while (i < format.length && /\s/.test(format[i] ?? '')) i += 1;
      continue;
    }
    if (ch === ',') {
      // A comma may be followed by no space in PDF text ("Oct 11,2026"), so its space is optional.
      pattern += ',\\s*';
      i += 1;
      while (i < format.length && /\s/.test(format[i] ?? '')) i += 1;
      continue;
    }
    pattern += escapeRegex(ch);
    i += 1;
  }
  const has = (...ts: DateToken[]) => ts.some((t) => tokens.includes(t));
  if (!has('YYYY') || !has('MMMM', 'MMM', 'MM', 'M') || !has('DD', 'D')) return null;
  return { regex: new RegExp(`^\\s*${pattern}\\s*$`), tokens };
}

const compiled = new Map<string, CompiledFormat | null>();

function formatOf(format: string): CompiledFormat | null {
  let entry = compiled.get(format);
  if (entry === undefined) {
    entry = compileFormat(format);
    compiled.set(format, entry);
  }
  return entry;
}

/** Whether a date format can be read: known tokens, with a year, a month and a day. */
export function isUsableDateFormat(format: string): boolean {
  return format.length <= 40 && formatOf(format) !== null;
}

/** Whether a format carries a time of day; without one the statement says the day only. */
export function dateFormatHasTime(format: string): boolean {
  const f = formatOf(format);
  return f?.tokens.some((t) => t === 'HH' || t === 'H' || t === 'hh' || t === 'h') ?? false;
}

function monthFromName(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = MONTH_NAMES.findIndex((m) => m.startsWith(lower) || lower.startsWith(m));
  // 'sept' is a common abbreviation of September.
  if (index === -1 && lower === 'sept') return 9;
  return index === -1 ? null : index + 1;
}

export interface ParsedStatementDate {
  /** The instant, Manila wall-clock time read as UTC+8. */
  at: Date;
  /** False when the format has no time of day: `at` is the start of the Manila day. */
  timeKnown: boolean;
}

/**
 * Reads a statement's date in the first of `formats` it fits. Statements of Philippine wallets and
 * banks are written in Manila time (Maya documents "PHT"; GCash and the banks show local time), so
 * the wall clock is read at UTC+8. Null when no format fits or the date does not exist.
 */
export function parseStatementDate(
  text: string,
  formats: readonly string[],
): ParsedStatementDate | null {
  for (const format of formats) {
    const f = formatOf(format);
    if (!f) continue;
    const match = f.regex.exec(text);
    if (!match) continue;
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let meridiem: 'am' | 'pm' | null = null;
    let twelveHour = false;
    let ok = true;
    f.tokens.forEach((token, index) => {
      const value = match[index + 1] ?? '';
      const n = Number(value);
      switch (token) {
        case 'YYYY':
          year = n;
          break;
        case 'MMMM':
        case 'MMM': {
          const m = monthFromName(value);
          if (m === null) ok = false;
          else month = m;
          break;
        }
        case 'MM':
        case 'M':
          month = n;
          break;
        case 'DD':
        case 'D':
          day = n;
          break;
        case 'HH':
        case 'H':
          hour = n;
          break;
        case 'hh':
        case 'h':
          hour = n;
          twelveHour = true;
          break;
        case 'mm':
          minute = n;
          break;
        case 'ss':
          second = n;
          break;
        case 'A':
        case 'a':
          meridiem = value.toLowerCase() === 'am' ? 'am' : 'pm';
          break;
      }
    });
    if (!ok) continue;
    if (twelveHour || meridiem !== null) {
      if (hour < 1 || hour > 12) continue;
      hour = hour % 12;
      if (meridiem === 'pm') hour += 12;
    }
    if (hour > 23 || minute > 59 || second > 59) continue;
    const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
    const check = new Date(wallClock);
    // Date.UTC rolls 31 Feb over into March; a statement date that does not exist is refused.
    if (
      month < 1 ||
      month > 12 ||
      check.getUTCFullYear() !== year ||
      check.getUTCMonth() !== month - 1 ||
      check.getUTCDate() !== day
    ) {
      continue;
    }
    return { at: new Date(wallClock - MANILA_OFFSET_MS), timeKnown: dateFormatHasTime(format) };
  }
  return null;
}

/** Whole pesos as centavos: the transactions table keeps pesos (docs/product.md#plans prices are whole pesos). */
export function centavosOfPesos(pesos: number): number {
  return Math.round(pesos * 100);
}

/**
 * An amount as the exports write it, in integer centavos: "1,234.56", "₱199.00", "PHP 199",
 * "-199.00" and "(199.00)" (negative), "199.5" (50 centavos). Read from the digits, never through
 * a float, so 0.1 + 0.2 cannot creep in. Null for anything else, including more than two decimals.
 */
export function parseAmountCentavos(text: string): number | null {
  let s = text.trim();
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  s = s.replace(/^(?:PHP|Php|php|₱|P)\s*/u, '');
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1).trim();
  } else if (s.startsWith('+')) {
    s = s.slice(1).trim();
  }
  s = s.replace(/^(?:PHP|Php|php|₱|P)\s*/u, '');
  if (s.endsWith('-')) {
    // Some bank exports write debits as "199.00-".
    negative = !negative;
    s = s.slice(0, -1).trim();
  }
  // Thousands separators only in groups of three, so "1,23.00" is not taken for 123.
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!match) return null;
  const whole = Number((match[1] ?? '').replace(/,/g, ''));
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const centavos = whole * 100 + Number(fraction || '0');
  if (!Number.isSafeInteger(centavos)) return null;
  return negative ? -centavos : centavos;
}

/**
 * How a source writes its references (docs/decisions/029-payment-reconciliation.md): GCash and the
 * banks' InstaPay references are digits; Maya's "Reference ID" is 12 hexadecimal characters shown
 * in groups of four.
 */
export type ReferenceKind = 'digits' | 'hex';

/**
 * A reference reduced to the characters that identify the transfer, so "1234 567 891234",
 * "1234-567-891234" and "1234567891234" are one reference: digits only for a digits source,
 * upper-case 0–9 A–F for a hex one. Null when nothing of that kind is left or it is too short to
 * identify anything (fewer than 6 characters).
 */
export function normaliseReference(text: string, kind: ReferenceKind): string | null {
  const value =
    kind === 'digits' ? text.replace(/\D+/g, '') : text.toUpperCase().replace(/[^0-9A-F]+/g, '');
  return value.length >= 6 && value.length <= 40 ? value : null;
}

/**
 * A sender's name or number as staff will read it: spaces collapsed, control and invisible
 * characters removed, at most 80 characters; null when empty.
 */
export function normaliseSender(text: string): string | null {
  const cleaned = text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return cleaned === '' ? null : cleaned;
}
