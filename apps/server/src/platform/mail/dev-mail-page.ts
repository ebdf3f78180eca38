import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../html.ts';

const EML_NAME = /^[\w.-]+\.eml$/;

/** The unfolded value of one header of a raw message (enough for a development list). */
export function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/**
 * The development mail page (docs/product.md#system, email row): GET /dev/mail lists the .eml
 * files of the outbox, newest first; GET /dev/mail/{file} shows one as text. Not registered in
 * production, where it answers 404 like any unknown path.
 */
export async function devMailRoutes(
  app: FastifyInstance,
  opts: { outboxDir: string; production: boolean },
) {
  if (opts.production) return;

  const listing = async (): Promise<string[]> => {
    try {
      const names = await readdir(opts.outboxDir);
      // The names start with an ISO timestamp, so the string order is the time order.
      return names
        .filter((n) => EML_NAME.test(n))
        .sort()
        .reverse();
    } catch {
      return [];
    }
  };

  app.get('/dev/mail', async (_request, reply) => {
    const names = await listing();
    const rows = await Promise.all(
      names.map(async (name) => {
        const raw = await readFile(path.join(opts.outboxDir, name), 'utf8');
        const cells = [headerOf(raw, 'Date'), headerOf(raw, 'To'), headerOf(raw, 'Subject')]
          .map((v) => `<td>${escapeHtml(v)}</td>`)
          .join('');
        return `<tr>${cells}<td><a href="/dev/mail/${encodeURIComponent(name)}">${escapeHtml(name)}</a></td></tr>`;
      }),
    );
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Pasado development mail</title></head>
<body><main>
<h1>Outbox</h1>
<p>Mail written to ${escapeHtml(opts.outboxDir)} because SMTP_URL is not set. Newest first.</p>
${
  rows.length === 0
    ? '<p>No messages yet.</p>'
    : `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th><th>File</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`
}
</main></body></html>`;
  });

  app.get<{ Params: { file: string } }>('/dev/mail/:file', async (request, reply) => {
    const { file } = request.params;
    if (!EML_NAME.test(file) || !(await listing()).includes(file)) {
      return reply
        .status(404)
        .send({ error: { status: 'NOT_FOUND', message: 'Not found.' }, requestId: request.id });
    }
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    return readFile(path.join(opts.outboxDir, file), 'utf8');
  });
}
