/**
 * Whether what OCR read from a payment screenshot agrees with the payment (issue 26 item 3: staff
 * see "Read from the screenshot: reference … ✓ / ✗, amount … ✓ / ✗" beside what the student typed
 * and what the statement says). The statement is the stronger witness: when a line is known, the
 * reading is checked against it; otherwise the reference against the typed one and the amount
 * against the price charged. Null: nothing to compare (not read yet, or nothing found).
 */
export interface ReadingCheckInput {
  reading: { reference: string | null; amountCentavos: number | null } | null;
  typedReferences: readonly string[];
  line: { reference: string | null; amountCentavos: number } | null;
  chargedCentavos: number;
}

export interface ReadingCheck {
  referenceAgrees: boolean | null;
  amountAgrees: boolean | null;
}

export function checkReading(input: ReadingCheckInput): ReadingCheck {
  const { reading, line } = input;
  if (!reading) return { referenceAgrees: null, amountAgrees: null };
  let referenceAgrees: boolean | null = null;
  if (reading.reference !== null) {
    if (line?.reference) referenceAgrees = reading.reference === line.reference;
    else if (input.typedReferences.length > 0)
      referenceAgrees = input.typedReferences.includes(reading.reference);
  }
  const amountAgrees =
    reading.amountCentavos === null
      ? null
      : reading.amountCentavos === (line?.amountCentavos ?? input.chargedCentavos);
  return { referenceAgrees, amountAgrees };
}

/** ✓ or ✗ for a check, or nothing when it could not be made. */
export const checkMark = (agrees: boolean | null): string =>
  agrees === null ? '' : agrees ? ' ✓' : ' ✗';

/**
 * The line staff read beside the student's proof: "Read from the screenshot: reference 7037651006674
 * ✓, amount ₱320.00 ✗". Parts OCR did not find say so.
 */
export function readingSummary(
  reading: { reference: string | null; amountCentavos: number | null },
  check: ReadingCheck,
): string {
  const reference =
    reading.reference === null
      ? 'reference not found'
      : `reference ${reading.reference}${checkMark(check.referenceAgrees)}`;
  const amount =
    reading.amountCentavos === null
      ? 'amount not found'
      : `amount ₱${(reading.amountCentavos / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${checkMark(check.amountAgrees)}`;
  return `Read from the screenshot: ${reference}, ${amount}`;
}
