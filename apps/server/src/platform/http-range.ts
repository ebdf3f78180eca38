/**
 * One byte range of an HTTP Range header (RFC 9110 §14), for serving a stored file: `bytes=a-b`,
 * `bytes=a-` or `bytes=-n`, against the file's size. Null when the header is absent, not bytes,
 * malformed or asks for several ranges (the whole file is then sent, as the RFC allows);
 * 'unsatisfiable' when the one range lies past the end (416).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
