/**
 * Whole percentages that add up to exactly 100 (issue 13 item 2: a mock's part weights 0.294118,
 * 0.235294 × 3 rounded one by one read 29 + 24 + 24 + 24 = 101 %). The one home of that rounding.
 *
 * Largest remainder (Hamilton's method): each share is scaled to `total`, every part gets the
 * whole number below its exact value, and the units still missing go one each to the parts with
 * the largest fractional remainders. Ties go to the larger share, then to the earlier part, so
 * the answer is deterministic and keeps the input's order. Shares need not add up to 1: they are
 * normalised first (a mock with a part missing renormalises the other weights, quiz-scoring.ts).
 */
export function roundToTotal(shares: readonly number[], total = 100): number[] {
  if (!Number.isInteger(total) || total < 0) {
    throw new RangeError('The total must be a whole number, 0 or more');
  }
  for (const share of shares) {
    if (!Number.isFinite(share) || share < 0) {
      throw new RangeError('Shares must be finite and not negative');
    }
  }
  const sum = shares.reduce((acc, share) => acc + share, 0);
  if (sum === 0) return shares.map(() => 0);

  const exact = shares.map((share) => (share * total) / sum);
  // Scaling can land a hair off a whole number (0.7 + 0.2 + 0.1 is 0.9999999999999999, so 0.7
  // scales to 70.00000000000001): snap such values so float noise never moves a unit.
  const snapped = exact.map((value) => {
    const nearest = Math.round(value);
    return Math.abs(value - nearest) < 1e-9 ? nearest : value;
  });
  const rounded = snapped.map(Math.floor);
  let missing = total - rounded.reduce((acc, value) => acc + value, 0);

  const order = snapped
    .map((value, index) => ({ index, remainder: value - Math.floor(value), value }))
    .sort((a, b) => b.remainder - a.remainder || b.value - a.value || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    rounded[index] = (rounded[index] ?? 0) + 1;
    missing -= 1;
  }
  return rounded;
}
