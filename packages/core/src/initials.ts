const firstLetter = (word: string | undefined): string => Array.from(word ?? '')[0] ?? '';

const words = (value: string | null | undefined): string[] =>
  (value ?? '').trim().split(/\s+/).filter(Boolean);

/**
 * Initials (docs/product.md#constants): the first letters of the first two words of the first value plus the first
 * letter of the second value, upper-cased ('Maria Clara Reyes', 'Santos' → 'MCS'; 'Juan',
 * 'Dela Cruz' → 'JD'); '?' when nothing is left.
 */
export function initials(
  first: string | null | undefined,
  second: string | null | undefined,
): string {
  const [a, b] = words(first);
  const [c] = words(second);
  const result = `${firstLetter(a)}${firstLetter(b)}${firstLetter(c)}`.toUpperCase();
  return result === '' ? '?' : result;
}
