/**
 * Counts and pesos as students read them, written the way `Intl.NumberFormat('en-PH')` writes them
 * but without `Intl`, whose first formatter on a page loads the locale data: a long task on a
 * phone (issue 10; see time.ts).
 */

/** At most three decimals, like Intl.NumberFormat's default. */
const MAX_FRACTION_DIGITS = 3;

/** A number with thousands separators: 1,234 · 1,234,567.125 · -1,234. */
export function groupThousands(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const scale = 10 ** MAX_FRACTION_DIGITS;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  const [whole = '0', fraction] = String(rounded).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** An amount in pesos (docs/product.md#plans prices are whole pesos): ₱199, ₱1,299. */
export function formatPeso(amount: number): string {
  return `₱${groupThousands(amount)}`;
}
