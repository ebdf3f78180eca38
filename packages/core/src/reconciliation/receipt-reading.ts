import { parseAmountCentavos, parseStatementDate } from './statement-values.ts';

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

/**
 * The lines of Tesseract's TSV output (its columns: level, page, block, paragraph, line, word,
 * left, top, width, height, confidence, text; level 5 is a word). The TSV is one string, cheap to
 * hand from the engine's thread to the server's, where the engine's object tree of blocks, lines,
 * words and symbols took tens of milliseconds of the server's own thread to receive.
 */
export function ocrLinesFromTsv(tsv: string): OcrLine[] {
  const lines = new Map<string, OcrWord[]>();
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const text = cells.slice(11).join('\t').trim();
    if (text === '') continue;
    const [left, top, width, height, confidence] = cells.slice(6, 11).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const key = cells.slice(1, 5).join('.');
    const word: OcrWord = {
      text,
      confidence,
      box: { x0: left, y0: top, x1: left + width, y1: top + height },
    };
    const list = lines.get(key);
    if (list) list.push(word);
    else lines.set(key, [word]);
  }
  return [...lines.values()].map((words) => ({
    text: words.map((w) => w.text).join(' '),
    confidence: words.reduce((sum, w) => sum + w.confidence, 0) / words.length,
    words,
  }));
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
function wordsAfterLabel(line: OcrLine, label: RegExp, glued: RegExp): OcrWord[] | null {
  for (let i = 0; i < line.words.length; i += 1) {
    // "RefNo.5795518173672": the engine ran the label into the value; cut the word where the
    // label ends, its box in proportion to the characters.
    const word = line.words[i] as OcrWord;
    const cut = glued.exec(word.text);
    if (cut?.[1] && cut[2]) {
      const split = word.box.x0 + ((word.box.x1 - word.box.x0) * cut[1].length) / word.text.length;
      const value: OcrWord = { ...word, text: cut[2], box: { ...word.box, x0: Math.floor(split) } };
      return [value, ...line.words.slice(i + 1)];
    }
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
  const glued =
    layout === 'gcash'
      ? /^(R[ae3]f\.?N[o0]\.?)(\d.*)$/i
      : /^(Ref[ea3]r[ea3]nce\W*I[D0]\W*)(\w.*)$/i;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as OcrLine;
    let after = wordsAfterLabel(line, label, glued);
    if (!after) continue;
    // Read as sparse text, a label and its value are two lines ("Reference ID" / "2E53 A50A E8DA").
    if (after.length === 0) after = valueBeside(lines, index)?.words ?? [];
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

function boxOf(line: OcrLine): OcrBox | null {
  if (line.words.length === 0) return null;
  return {
    x0: Math.min(...line.words.map((w) => w.box.x0)),
    y0: Math.min(...line.words.map((w) => w.box.y0)),
    x1: Math.max(...line.words.map((w) => w.box.x1)),
    y1: Math.max(...line.words.map((w) => w.box.y1)),
  };
}

/**
 * The value printed beside a label that the engine read as a line of its own: the line to its
 * right sharing most of its height, else the line below it.
 */
function valueBeside(lines: readonly OcrLine[], index: number): OcrLine | null {
  const label = lines[index] as OcrLine;
  const box = boxOf(label);
  if (!box) return lines[index + 1] ?? null;
  let best: OcrLine | null = null;
  let bestOverlap = 0;
  for (const other of lines) {
    const b = other === label ? null : boxOf(other);
    if (!b || b.x0 < box.x1 - 4) continue;
    const overlap = Math.min(box.y1, b.y1) - Math.max(box.y0, b.y0);
    const height = Math.min(box.y1 - box.y0, b.y1 - b.y0);
    if (overlap > height / 2 && overlap > bestOverlap) {
      best = other;
      bestOverlap = overlap;
    }
  }
  return best ?? lines[index + 1] ?? null;
}

/**
 * Without the label (cropped, or misread: "Reto" for "Ref No."), a run of up to three words that
 * makes a reference of the layout's shape, trusted less. A phone number is not one: it starts with
 * "+", has 12 digits where a GCash reference has 13, and is one word where Maya prints groups of 4.
 */
function referenceAnywhere(lines: readonly OcrLine[], layout: ReceiptLayout): ReferenceFind | null {
  const spec = RECEIPT_REFERENCES[layout];
  for (const line of lines) {
    const words = line.words;
    for (let start = 0; start < words.length; start += 1) {
      let value = '';
      for (let end = start; end < Math.min(words.length, start + 3); end += 1) {
        const word = words[end] as OcrWord;
        if (word.text.startsWith('+')) break;
        const cleaned = toCharset(word.text.replace(/[^0-9A-Za-z|]/g, ''), layout);
        if (!isCharset(cleaned, layout)) break;
        if (spec.group !== null && cleaned.length !== spec.group) break;
        value += cleaned;
        if (value.length > spec.length) break;
        if (value.length === spec.length) {
          const run = words.slice(start, end + 1);
          const wordConfidence = Math.min(...run.map((w) => w.confidence)) / 100;
          return {
            value,
            confidence: clamp01(Math.min(wordConfidence, lineConfidence(line)) * 0.6),
            words: run,
          };
        }
      }
    }
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

interface AmountFind {
  centavos: number;
  confidence: number;
  /** The words the value was read from. */
  words: OcrWord[];
}

const AMOUNT_ALONE = /^\W{0,2}\s*[₱P£F€R]?\s*[\d,]+[.,]\d{2}\W*$/iu;

function findAmount(lines: readonly OcrLine[], pattern: RegExp): AmountFind | null {
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as OcrLine;
    if (!pattern.test(line.text)) continue;
    // The label's value is on its line, or on a line of its own beside or below it.
    const own = amountOnLine(line.text);
    if (own !== null && own > 0) {
      const words = line.words.filter((w) => /\d/.test(w.text)).slice(-1);
      return { centavos: own, confidence: lineConfidence(line), words };
    }
    const next = valueBeside(lines, i);
    if (next && AMOUNT_ALONE.test(next.text.trim())) {
      const below = amountOnLine(next.text);
      if (below !== null && below > 0) {
        return { centavos: below, confidence: lineConfidence(next), words: next.words };
      }
    }
  }
  return null;
}

/** The amount, and when its two printings disagree, what to read again and the votes so far. */
function readAmount(
  lines: readonly OcrLine[],
  layout: ReceiptLayout,
): { amount: { centavos: number; confidence: number } | null; reread: AmountReread | null } {
  // What the receiver got: GCash's "Amount" (its total adds any fee), Maya's headline amount.
  const a = findAmount(lines, layout === 'gcash' ? /^\s*amount\b/i : AMOUNT_ALONE);
  const b = findAmount(lines, layout === 'gcash' ? /total\s*amount\s*sent/i : /total\s*amount/i);
  if (a && b) {
    if (a.centavos === b.centavos) {
      return {
        amount: { centavos: a.centavos, confidence: Math.max(a.confidence, b.confidence) },
        reread: null,
      };
    }
    return {
      amount: { centavos: a.centavos, confidence: clamp01(a.confidence * 0.5) },
      reread:
        a.words.length > 0 ? { words: a.words, firstReadings: [a.centavos, b.centavos] } : null,
    };
  }
  const one = a ?? b;
  return {
    amount: one ? { centavos: one.centavos, confidence: clamp01(one.confidence * 0.85) } : null,
    reread: null,
  };
}

/**
 * The amount's words to read again when the receipt's two printings of it (GCash's "Amount" and
 * "Total Amount Sent", Maya's headline and "Total amount") were read differently.
 */
export interface AmountReread {
  /** The characters to read them with: digits, separators, and the P that ₱ reads as. */
  words: OcrWord[];
  /** The two amounts the first reading made out, each a vote. */
  firstReadings: number[];
}

/** The alphabet the amount's words are read again with. */
export const AMOUNT_CHARSET = '0123456789.,P';

/**
 * The amount after reading its words again in several ways: the amount with the most weight among
 * those readings and the first reading's two (one vote each). A GCash-to-GCash transfer has no fee,
 * so its two printings are one amount; a misread digit in one of them is outvoted.
 */
export function rereadAmount(
  reading: ReceiptReading,
  reread: AmountReread,
  readings: readonly ReferenceReading[],
): ReceiptReading {
  const tally = new Map<number, number>();
  for (const value of reread.firstReadings) tally.set(value, (tally.get(value) ?? 0) + 1);
  for (const r of readings) {
    const value = amountOnLine(r.words.join(' ').replace(/\s+/g, ''));
    if (value !== null && value > 0) tally.set(value, (tally.get(value) ?? 0) + r.weight);
  }
  let chosen = reading.amount?.centavos ?? null;
  let best = 0;
  let total = 0;
  for (const [value, weight] of tally) {
    total += weight;
    if (weight > best) {
      chosen = value;
      best = weight;
    }
  }
  if (chosen === null) return reading;
  const lineConfidences = reread.words.map((w) => w.confidence / 100);
  const base = Math.min(1, ...lineConfidences);
  return { ...reading, amount: { centavos: chosen, confidence: clamp01(base * (best / total)) } };
}

/**
 * "Feb 5, 2026 7:23 PM" (GCash) or "Sep 9, 2025, 01:44 pm" (Maya), Manila time. OCR may drop the
 * colon ("1158 AM") or the space after the comma; such a repaired date is trusted less.
 */
function readDate(lines: readonly OcrLine[]): { at: Date; confidence: number } | null {
  const pattern =
    /(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*(\d{1,2}),?\s*(\d{4}),?\s+(\d{1,2})\s*([:.;]?)\s*(\d{2})\s*([ap])\.?\s*m\b/i;
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
  /** Where to read the date again when it was not made out: the line with a year and a time. */
  dateBox: OcrBox | null;
  amountReread: AmountReread | null;
} {
  const text = lines.map((l) => l.text).join('\n');
  const layout = detectLayout(text);
  if (!layout) {
    return {
      reading: { layout: null, reference: null, amount: null, paidAt: null },
      reread: null,
      dateBox: null,
      amountReread: null,
    };
  }
  const labelled = referenceAfterLabel(lines, layout);
  const found = labelled?.value ? labelled : (referenceAnywhere(lines, layout) ?? labelled);
  const paidAt = readDate(lines);
  const amount = readAmount(lines, layout);
  return {
    reading: {
      layout,
      reference: found?.value ? { value: found.value, confidence: found.confidence } : null,
      amount: amount.amount,
      paidAt,
    },
    amountReread: amount.reread,
    reread:
      found && found.words.length > 0
        ? { layout, charset: RECEIPT_REFERENCES[layout].charset, words: found.words }
        : null,
    dateBox: paidAt ? null : dateBoxOf(lines, found?.words ?? []),
  };
}

/**
 * The box of the words that should hold the date: on the line with a year and a time of day, the
 * words after the reference (GCash prints both on one line), else the whole line.
 */
function dateBoxOf(lines: readonly OcrLine[], referenceWords: readonly OcrWord[]): OcrBox | null {
  const line = lines.find(
    (l) => /\b20\d\d\b/.test(l.text) && /\d\s*[:.;]?\s*\d{2}\s*[ap]\.?\s*m\b/i.test(l.text),
  );
  if (!line || line.words.length === 0) return null;
  const lastReference = referenceWords.at(-1);
  const after = lastReference ? line.words.indexOf(lastReference) + 1 : 0;
  const words = line.words.slice(after);
  if (words.length === 0) return null;
  return {
    x0: Math.min(...words.map((w) => w.box.x0)),
    y0: Math.min(...words.map((w) => w.box.y0)),
    x1: Math.max(...words.map((w) => w.box.x1)),
    y1: Math.max(...words.map((w) => w.box.y1)),
  };
}

/**
 * The date after reading its words again as one line: taken when it reads, trusted a little less
 * than a date the first reading made out.
 */
export function rereadDate(
  reading: ReceiptReading,
  again: { text: string; confidence: number },
): ReceiptReading {
  if (reading.paidAt) return reading;
  const found = readDate([{ text: again.text, confidence: again.confidence, words: [] }]);
  return found
    ? { ...reading, paidAt: { at: found.at, confidence: clamp01(found.confidence * 0.9) } }
    : reading;
}

/** The reference's words read once more, in one way (a layout mode, a margin), with its weight. */
export interface ReferenceReading {
  /** One text per word of `ReferenceReread.words`, in order. */
  words: readonly string[];
  /** Its vote; the first reading's words vote 1. */
  weight: number;
}

/**
 * The reference after reading its words again, restricted to the layout's alphabet, in several
 * ways: each word is the text with the most weight among the readings that are well formed (of
 * the layout's alphabet and, for Maya, whole groups of 4), the first reading included; on a tie
 * the earlier reading wins. Tesseract misreads one character in one way and not in another, so a
 * vote fixes what no single reading does. The whole must have the layout's length, else the first
 * reading stands. Confidence is the first reading's, scaled by the share of the vote the weakest
 * word won.
 */
export function rereadReference(
  reading: ReceiptReading,
  reread: ReferenceReread,
  readings: readonly ReferenceReading[],
): ReceiptReading {
  const { layout } = reread;
  const spec = RECEIPT_REFERENCES[layout];
  let value = '';
  let weakestShare = 1;
  let lowest = 100;
  reread.words.forEach((word, index) => {
    const candidates = [
      ...readings.map((r) => ({
        text: (r.words[index] ?? '').replace(/\s+/g, '').toUpperCase(),
        weight: r.weight,
      })),
      { text: toCharset(word.text.replace(/[^0-9A-Za-z|]/g, ''), layout), weight: 1 },
    ].filter(
      (c) => isCharset(c.text, layout) && (spec.group === null || c.text.length % spec.group === 0),
    );
    const tally = new Map<string, number>();
    for (const c of candidates) tally.set(c.text, (tally.get(c.text) ?? 0) + c.weight);
    let chosen = '';
    let best = 0;
    // Map keeps first-seen order, so on a tie the earlier reading's text stays chosen.
    for (const [text, weight] of tally) {
      if (weight > best) {
        chosen = text;
        best = weight;
      }
    }
    const total = candidates.reduce((sum, c) => sum + c.weight, 0);
    weakestShare = Math.min(weakestShare, total === 0 ? 0 : best / total);
    lowest = Math.min(lowest, word.confidence);
    value += chosen;
  });
  if (value.length !== spec.length || !isCharset(value, layout)) return reading;
  // A reference the first reading could not make out at all is trusted less.
  const base = reading.reference?.confidence ?? (lowest / 100) * 0.8;
  return { ...reading, reference: { value, confidence: clamp01(base * weakestShare) } };
}
