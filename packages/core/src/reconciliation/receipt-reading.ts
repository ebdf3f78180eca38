import { normaliseReference, parseAmountCentavos, parseStatementDate } from './statement-values.ts';

/**
 * Reading a payment screenshot's OCR text (issue 26 item 3): the reference, the amount and the date
 * of a GCash or Maya "sent" receipt, each with a confidence from 0 to 1. Pure: the OCR engine runs at
 * the server's edge (`modules/subscriptions/statements/receipt-reader.ts`) and hands its lines here.
 *
 * The layouts, as published OCR fixtures of real receipts show them
 * (docs/decisions/029-payment-reconciliation.md, "Sources"):
 * - GCash: "Amount 320.00", "Total Amount Sent ₱320.00", "Ref No. 7037 651 006674" and
 *   "Feb 5, 2026 7:23 PM" (13 digits grouped 4-3-6);
 * - Maya: "Sent money to", "₱299.00", "Completed Sep 9, 2025, 01:44 pm", "Reference ID EB8C C4C5
 *   C67B" (12 hexadecimal characters in groups of 4), "Total amount ₱299.00".
 */

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A word as the OCR engine read it; confidence 0–100 as Tesseract gives it. */
export interface OcrWord {
  text: string;
  confidence: number;
  box: OcrBox;
}

export interface OcrLine {
  text: string;
  confidence: number;
  words: OcrWord[];
}

export type ReceiptLayout = 'gcash' | 'maya';

export interface ReceiptReading {
  layout: ReceiptLayout | null;
  reference: { value: string; confidence: number } | null;
  amount: { centavos: number; confidence: number } | null;
  paidAt: { at: Date; confidence: number } | null;
}

/** How each layout writes its reference: the characters, the length, the groups on screen. */
export const RECEIPT_REFERENCES: Record<
  ReceiptLayout,
  { charset: string; length: number; group: number | null }
> = {
  gcash: { charset: '0123456789', length: 13, group: null },
  maya: { charset: '0123456789ABCDEF', length: 12, group: 4 },
};

/** What the edge should read again, word by word, restricted to the layout's characters. */
export interface ReferenceReread {
  layout: ReceiptLayout;
  charset: string;
  words: OcrWord[];
}

const clamp01 = (n: number) => Math.max(0, Math.min(1, n));
const lineConfidence = (line: OcrLine) => clamp01(line.confidence / 100);

function detectLayout(text: string): ReceiptLayout | null {
  const gcash = [/gcash/i, /total\s*amount\s*sent/i, /express\s*send/i, /\bref\.?\s*no\b/i].filter(
    (r) => r.test(text),
  ).length;
  const maya = [/\bmaya\b/i, /reference\s*id/i, /sent\s*money\s*to/i, /payment\s*method/i].filter(
    (r) => r.test(text),
  ).length;
  if (gcash === 0 && maya === 0) return null;
  return gcash >= maya ? 'gcash' : 'maya';
}

/**
 * OCR's usual confusions, undone for a field known to be digits (or hexadecimal): O and Q are 0,
 * I, l and | are 1, S is 5, Z is 2, G is 6, T is 7 (and B is 8 for digits; B is a hex digit).
 */
function toCharset(text: string, layout: ReceiptLayout): string {
  const upper = text.toUpperCase();
  const fixes: Record<string, string> = {
    O: '0',
    Q: '0',
    I: '1',
    L: '1',
    '|': '1',
    S: '5',
    Z: '2',
    G: '6',
    T: '7',
  };
  if (layout === 'gcash') fixes.B = '8';
  return [...upper].map((ch) => fixes[ch] ?? ch).join('');
}

const isCharset = (text: string, layout: ReceiptLayout) =>
  text !== '' && [...text].every((ch) => RECEIPT_REFERENCES[layout].charset.includes(ch));

/** The words of a line after its label (the label matched by `label` against the joined words). */
function wordsAfterLabel(line: OcrLine, label: RegExp): OcrWord[] | null {
  for (let i = 0; i < line.words.length; i += 1) {
    for (let j = i; j < Math.min(line.words.length, i + 3); j += 1) {
      const joined = line.words
        .slice(i, j + 1)
        .map((w) => w.text)
        .join(' ');
      if (label.test(joined)) return line.words.slice(j + 1);
    }
  }
  return null;
}

const MONTH = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

interface ReferenceFind {
  /** Null when the words after the label do not make a reference of the layout's length. */
  value: string | null;
  confidence: number;
  words: OcrWord[];
}

/** The reference after its label: the words up to the length the layout needs (or the date). */
function referenceAfterLabel(
  lines: readonly OcrLine[],
  layout: ReceiptLayout,
): ReferenceFind | null {
  const spec = RECEIPT_REFERENCES[layout];
  const label = layout === 'gcash' ? /\bR[ae3]f\.?\s*N[o0]\.?$/i : /Ref[ea3]r[ea3]nce\W*I[D0]\W*$/i;
  for (const line of lines) {
    const after = wordsAfterLabel(line, label);
    if (!after) continue;
    const words: OcrWord[] = [];
    let value = '';
    for (const word of after) {
      if (value.length >= spec.length || MONTH.test(word.text)) break;
      const cleaned = toCharset(word.text.replace(/[^0-9A-Za-z|]/g, ''), layout);
      if (cleaned === '') continue;
      if (!isCharset(cleaned, layout)) break;
      words.push(word);
      value += cleaned;
    }
    if (words.length === 0) continue;
    const wordConfidence = Math.min(...words.map((w) => w.confidence)) / 100;
    return {
      value: value.length === spec.length ? value : null,
      confidence: clamp01(Math.min(wordConfidence, lineConfidence(line))),
      words,
    };
  }
  return null;
}

/** Without the label (cropped or misread), a lone run of the right shape, trusted less. */
function referenceAnywhere(lines: readonly OcrLine[], layout: ReceiptLayout): ReferenceFind | null {
  const pattern =
    layout === 'gcash'
      ? /(?<![\dA-Za-z])(\d{4}\s?\d{3}\s?\d{6})(?![\dA-Za-z])/
      : /(?<![\dA-Za-z])([0-9A-F]{4}\s[0-9A-F]{4}\s[0-9A-F]{4})(?![\dA-Za-z])/;
  for (const line of lines) {
    const match = pattern.exec(line.text);
    if (!match) continue;
    const value = normaliseReference(match[1] ?? '', layout === 'gcash' ? 'digits' : 'hex');
    if (value?.length !== RECEIPT_REFERENCES[layout].length) continue;
    // A phone number has 12 digits with its country code, a reference 13: the shape decides.
    return { value, confidence: clamp01(lineConfidence(line) * 0.6), words: [] };
  }
  return null;
}

/** The last amount written on a line ("Total Amount Sent £100.97" → 10097), if any. */
function amountOnLine(text: string): number | null {
  const matches = [...text.matchAll(/(\d{1,3}(?:,\d{3})+|\d+)[.,](\d{2})(?!\d)/g)];
  const last = matches.at(-1);
  if (!last) return null;
  return parseAmountCentavos(`${last[1]}.${last[2]}`);
}

function readAmount(
  lines: readonly OcrLine[],
  layout: ReceiptLayout,
): { centavos: number; confidence: number } | null {
  // What the receiver got: GCash's "Amount" (its total adds any fee), Maya's headline amount.
  const primary: RegExp =
    layout === 'gcash' ? /^\s*amount\b/i : /^\W{0,2}\s*[₱P£F€R]?\s*[\d,]+[.,]\d{2}\W*$/iu;
  const secondary: RegExp = layout === 'gcash' ? /total\s*amount\s*sent/i : /total\s*amount/i;
  const find = (pattern: RegExp) => {
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i] as OcrLine;
      if (!pattern.test(line.text)) continue;
      // The label's value is on its line, or alone on the next one ("Amount" / "320.00").
      const next = lines[i + 1];
      const own = amountOnLine(line.text);
      const below =
        next && /^\W{0,2}\s*[₱P£F€R]?\s*[\d,]+[.,]\d{2}\W*$/u.test(next.text.trim())
          ? amountOnLine(next.text)
          : null;
      const centavos = own ?? below;
      const source = own !== null ? line : next;
      if (centavos !== null && centavos > 0 && source) {
        return { centavos, confidence: lineConfidence(source) };
      }
    }
    return null;
  };
  const a = find(primary);
  const b = find(secondary);
  if (a && b) {
    if (a.centavos === b.centavos) {
      return { centavos: a.centavos, confidence: Math.max(a.confidence, b.confidence) };
    }
    return { centavos: a.centavos, confidence: clamp01(a.confidence * 0.5) };
  }
  const one = a ?? b;
  return one ? { centavos: one.centavos, confidence: clamp01(one.confidence * 0.85) } : null;
}

/**
 * "Feb 5, 2026 7:23 PM" (GCash) or "Sep 9, 2025, 01:44 pm" (Maya), Manila time. OCR may drop the
 * colon ("1158 AM") or the space after the comma; such a repaired date is trusted less.
 */
function readDate(lines: readonly OcrLine[]): { at: Date; confidence: number } | null {
  const pattern =
    /(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2}),?\s*(\d{4}),?\s+(\d{1,2})\s*([:.;]?)\s*(\d{2})\s*([ap])\.?\s*m\b/i;
  for (const line of lines) {
    const m = pattern.exec(line.text);
    if (!m) continue;
    const text = `${m[1]} ${m[2]}, ${m[3]} ${m[4]}:${m[6]} ${m[7]}M`;
    const parsed = parseStatementDate(text, ['MMM D, YYYY h:mm A']);
    if (!parsed) continue;
    const repaired = m[5] !== ':';
    return { at: parsed.at, confidence: clamp01(lineConfidence(line) * (repaired ? 0.8 : 1)) };
  }
  return null;
}

/**
 * Reads a receipt from its OCR lines. Also says which words hold the reference, so the edge can
 * read just those again restricted to the layout's characters (`rereadReference`); Tesseract's
 * general model confuses 8, 9 and 0 with S, O and B in a hexadecimal Maya reference, and reads
 * them right when told the alphabet.
 */
export function readReceiptText(lines: readonly OcrLine[]): {
  reading: ReceiptReading;
  reread: ReferenceReread | null;
} {
  const text = lines.map((l) => l.text).join('\n');
  const layout = detectLayout(text);
  if (!layout) {
    return { reading: { layout: null, reference: null, amount: null, paidAt: null }, reread: null };
  }
  const labelled = referenceAfterLabel(lines, layout);
  const found = labelled?.value ? labelled : (referenceAnywhere(lines, layout) ?? labelled);
  return {
    reading: {
      layout,
      reference: found?.value ? { value: found.value, confidence: found.confidence } : null,
      amount: readAmount(lines, layout),
      paidAt: readDate(lines),
    },
    reread:
      found && found.words.length > 0
        ? { layout, charset: RECEIPT_REFERENCES[layout].charset, words: found.words }
        : null,
  };
}

/**
 * The reference after the second reading: each word read again with the layout's alphabet is taken
 * when it is well formed (of the first reading's length, or whole groups of the layout's), else the
 * first reading's word. The whole must have the layout's length; otherwise the first reading
 * stands. Confidence drops when the two readings disagree.
 */
export function rereadReference(
  reading: ReceiptReading,
  reread: ReferenceReread,
  again: readonly { text: string; confidence: number }[],
): ReceiptReading {
  const { layout } = reread;
  const spec = RECEIPT_REFERENCES[layout];
  let value = '';
  let agree = true;
  let lowest = 100;
  reread.words.forEach((word, index) => {
    const first = toCharset(word.text.replace(/[^0-9A-Za-z|]/g, ''), layout);
    const second = (again[index]?.text ?? '').replace(/\s+/g, '').toUpperCase();
    const wellFormed =
      isCharset(second, layout) &&
      (second.length === first.length || (spec.group !== null && second.length % spec.group === 0));
    const chosen = wellFormed ? second : first;
    if (chosen !== first) agree = false;
    lowest = Math.min(lowest, word.confidence);
    value += chosen;
  });
  if (value.length !== spec.length || !isCharset(value, layout)) return reading;
  // A reference one reading alone makes out is trusted less than one both readings agree on.
  const first = reading.reference?.confidence;
  const confidence =
    first === undefined
      ? (lowest / 100) * 0.8
      : agree
        ? Math.max(first, lowest / 100)
        : first * 0.8;
  return { ...reading, reference: { value, confidence: clamp01(confidence) } };
}
