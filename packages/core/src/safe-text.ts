/**
 * Text every input must be (issue 9, finding 3): no NUL character (PostgreSQL refuses it in text)
 * and no lone UTF-16 surrogate (not a character; it cannot be stored as UTF-8). One rule for
 * bodies, query strings and path parameters alike; the server answers 400 with this message.
 */
export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);

export function isSafeText(s: string): boolean {
  return !s.includes(NUL) && !LONE_SURROGATE.test(s);
}

/**
 * The path of the first string in `value` (object keys included) that is not safe text, as
 * `a.b.0`, '' for the value itself, or null when every string is safe. Binary bodies are skipped.
 */
export function findUnsafeText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : '';
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isSafeText(key)) return [...key].map((c) => (isSafeText(c) ? c : '?')).join('');
    const inner = findUnsafeText(item, depth + 1);
    if (inner !== null) return inner === '' ? key : `${key}.${inner}`;
  }
  return null;
}
