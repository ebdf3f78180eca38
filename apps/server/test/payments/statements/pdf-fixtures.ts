import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * Small PDFs written by hand for the statement reader's tests: text placed where a statement
 * places it, optionally compressed, optionally protected by a password (the standard security
 * handler, revision 3: RC4 with a 128-bit key, as PDF 1.4 and the wallets' emailed statements
 * use), optionally carrying what a statement never carries (a script, an embedded file).
 * Written to the letter of ISO 32000-1 #server-functions.5 (file structure) and #server-functions.6 (encryption, algorithms
 * 2, 3 and 5) so the reader is tested against real PDF, not against a mock of the library.
 */

export interface PdfText {
  x: number;
  y: number;
  text: string;
  size?: number;
}

export interface PdfOptions {
  /** Each page's text. */
  pages: PdfText[][];
  /** Opens with this user password (the owner password is derived from it). */
  password?: string;
  /** Compress the content streams (FlateDecode). */
  compress?: boolean;
  /** A document-level script run on opening (/OpenAction … /JavaScript). */
  openActionScript?: string;
  /** Writes the script action's name hex-escaped (/J#61vaScript), as evasive files do. */
  escapeScriptName?: boolean;
  /** An embedded file attachment. */
  embeddedFile?: { name: string; content: string };
  /** An extra compressed stream of this many zero bytes once inflated (a decompression bomb). */
  bombBytes?: number;
}

const PADDING = Buffer.from(
  '28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A',
  'hex',
);

const md5 = (...parts: Buffer[]) => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** RC4, which OpenSSL 3 no longer offers by default; twelve lines of the published algorithm. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i += 1) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let k = 0; k < data.length; k += 1) {
    i = (i + 1) & 255;
    j = (j + (s[i] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[k] = (data[k] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 255] as number);
  }
  return out;
}

const padPassword = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);

/** RC4 applied with the key, then 19 times with the key XOR 1…19 (algorithms 3 and 5, R3). */
function rc4Rounds(key: Buffer, data: Buffer): Buffer {
  let out = rc4(key, data);
  for (let round = 1; round <= 19; round += 1) {
    out = rc4(Buffer.from(key.map((b) => b ^ round)), out);
  }
  return out;
}

interface Security {
  key: Buffer;
  o: Buffer;
  u: Buffer;
  p: number;
  id: Buffer;
}

function security(userPassword: string): Security {
  const id = md5(Buffer.from(`pasado-${userPassword}`));
  const p = -4; // every permission
  // Algorithm 3: the owner entry, from an owner password (here derived from the user's).
  let ownerKey = md5(padPassword(`${userPassword}-owner`));
  for (let i = 0; i < 50; i += 1) ownerKey = md5(ownerKey);
  const o = rc4Rounds(ownerKey, padPassword(userPassword));
  // Algorithm 2: the file key.
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(p);
  let key = md5(padPassword(userPassword), o, pBytes, id);
  for (let i = 0; i < 50; i += 1) key = md5(key);
  // Algorithm 5: the user entry.
  const u = Buffer.concat([rc4Rounds(key, md5(PADDING, id)), Buffer.alloc(16)]);
  return { key, o, u, p, id };
}

/** Algorithm 1: each object's own key, from the file key and the object's number. */
function objectKey(sec: Security, objectNumber: number): Buffer {
  const suffix = Buffer.from([
    objectNumber & 255,
    (objectNumber >> 8) & 255,
    (objectNumber >> 16) & 255,
    0,
    0,
  ]);
  return md5(sec.key, suffix);
}

const escapePdfString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

function contentOf(texts: PdfText[]): string {
  return texts
    .map((t) => `BT /F1 ${t.size ?? 9} Tf ${t.x} ${t.y} Td (${escapePdfString(t.text)}) Tj ET`)
    .join('\n');
}

/** A PDF file as bytes. */
export function makePdf(options: PdfOptions): Uint8Array {
  const sec = options.password === undefined ? null : security(options.password);
  const objects: Buffer[] = [];
  const add = (body: (n: number) => Buffer | string): number => {
    const n = objects.length + 1;
    objects.push(Buffer.alloc(0));
    const value = body(n);
    objects[n - 1] = typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
    return n;
  };
  const stream = (dict: string, data: Buffer, compress: boolean) => (n: number) => {
    let body = compress ? deflateSync(data) : data;
    if (sec) body = rc4(objectKey(sec, n), body);
    const filter = compress ? ' /Filter /FlateDecode' : '';
    return Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${body.length}${filter} >>\nstream\n`, 'latin1'),
      body,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  };
  /** A string operand, encrypted with its object's key when the file is protected. */
  const str = (n: number, s: string) =>
    sec
      ? `<${rc4(objectKey(sec, n), Buffer.from(s, 'latin1')).toString('hex')}>`
      : `(${escapePdfString(s)})`;

  const catalog = add(() => '');
  const pages = add(() => '');
  const font = add(
    () => '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const pageNumbers = options.pages.map((texts) => {
    const content = add(
      stream('', Buffer.from(contentOf(texts), 'latin1'), options.compress ?? false),
    );
    return add(
      () =>
        `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  let extras = '';
  if (options.openActionScript !== undefined) {
    const name = options.escapeScriptName ? '/J#61vaScript' : '/JavaScript';
    const script = options.openActionScript;
    const action = add((n) => `<< /Type /Action /S ${name} /JS ${str(n, script)} >>`);
    extras += ` /OpenAction ${action} 0 R`;
  }
  if (options.embeddedFile) {
    const { name, content } = options.embeddedFile;
    const file = add(stream('/Type /EmbeddedFile', Buffer.from(content, 'latin1'), false));
    const spec = add((n) => `<< /Type /Filespec /F ${str(n, name)} /EF << /F ${file} 0 R >> >>`);
    extras += ` /Names << /EmbeddedFiles << /Names [${str(catalog, name)} ${spec} 0 R] >> >>`;
  }
  if (options.bombBytes !== undefined) {
    // Referenced from nothing a viewer draws; a reader that inflates every stream still meets it.
    add(stream('', Buffer.alloc(options.bombBytes), true));
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pages} 0 R${extras} >>`, 'latin1');
  objects[pages - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${pageNumbers.map((n) => `${n} 0 R`).join(' ')}] /Count ${pageNumbers.length} >>`,
    'latin1',
  );
  let encrypt = 0;
  if (sec) {
    encrypt = add(
      () =>
        `<< /Filter /Standard /V 2 /R 3 /Length 128 /O <${sec.o.toString('hex')}> /U <${sec.u.toString('hex')}> /P ${sec.p} >>`,
    );
  }

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
  ].join('\n');
  const id = sec ? ` /ID [<${sec.id.toString('hex')}> <${sec.id.toString('hex')}>]` : '';
  const enc = sec ? ` /Encrypt ${encrypt} 0 R` : '';
  parts.push(
    Buffer.from(
      `${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${enc}${id} >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** A GCash statement's page: the columns where GCash prints them, one row per transaction. */
export function gcashStatementPage(
  rows: {
    date: string;
    description: string;
    reference: string;
    debit?: string;
    credit?: string;
    balance: string;
  }[],
): PdfText[] {
  const texts: PdfText[] = [
    { x: 40, y: 760, text: 'GCash Transaction History', size: 14 },
    { x: 40, y: 740, text: 'Account: JUAN DELA CRUZ  09171234567' },
    { x: 40, y: 700, text: 'Date and Time' },
    { x: 150, y: 700, text: 'Description' },
    { x: 340, y: 700, text: 'Reference No.' },
    { x: 430, y: 700, text: 'Debit' },
    { x: 490, y: 700, text: 'Credit' },
    { x: 550, y: 700, text: 'Balance' },
  ];
  rows.forEach((row, i) => {
    const y = 680 - i * 18;
    texts.push({ x: 40, y, text: row.date });
    texts.push({ x: 150, y, text: row.description });
    texts.push({ x: 340, y, text: row.reference });
    if (row.debit) texts.push({ x: 430, y, text: row.debit });
    if (row.credit) texts.push({ x: 490, y, text: row.credit });
    texts.push({ x: 550, y, text: row.balance });
  });
  return texts;
}
