// A PDF statement's positioned text, extracted in its own worker thread (issue 26 items 1 and 5):
// parsing a hostile PDF can take long or take memory, and here it can be stopped (`terminate`) and
// bounded (`resourceLimits`) without touching the server's event loop. Plain TypeScript that Node
// runs by stripping types: it imports only unpdf and node, never the workspace's packages.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

export interface PdfWorkerInput {
  bytes: Uint8Array;
  /** Used once to open the file; the worker ends with the job and keeps nothing. */
  password: string | null;
  maxPages: number;
  maxItems: number;
}

export interface PdfWorkerItem {
  page: number;
  x: number;
  y: number;
  width: number;
  text: string;
}

export type PdfWorkerResult =
  | { kind: 'items'; items: PdfWorkerItem[]; pages: number }
  | { kind: 'password'; wrong: boolean }
  | { kind: 'active'; what: string }
  | { kind: 'tooComplex'; what: string }
  | { kind: 'unreadable'; what: string };

/** pdf.js's PasswordResponses: NEED_PASSWORD 1, INCORRECT_PASSWORD 2. */
const INCORRECT_PASSWORD = 2;

async function extract(input: PdfWorkerInput): Promise<PdfWorkerResult> {
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(input.bytes, {
      password: input.password ?? undefined,
      // Nothing a file names is fetched, and XFA forms (which carry scripts) are never built.
      enableXfa: false,
      disableAutoFetch: true,
      disableStream: true,
      stopAtErrors: true,
      verbosity: 0,
    });
  } catch (error) {
    const e = error as { name?: string; code?: number; message?: string };
    if (e.name === 'PasswordException') {
      return { kind: 'password', wrong: e.code === INCORRECT_PASSWORD };
    }
    return { kind: 'unreadable', what: e.name ?? 'Error' };
  }
  try {
    // Scripts and attachments, looked for once the file is open: a protected file hides them from
    // the byte scan that runs before it.
    const scripts = await doc.getJSActions();
    if (scripts && Object.keys(scripts).length > 0)
      return { kind: 'active', what: 'document script' };
    const attachments = await doc.getAttachments();
    if (attachments && Object.keys(attachments).length > 0) {
      return { kind: 'active', what: 'embedded file' };
    }
    if (doc.numPages > input.maxPages) return { kind: 'tooComplex', what: `${doc.numPages} pages` };
    const items: PdfWorkerItem[] = [];
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      const pageScripts = await page.getJSActions();
      if (pageScripts && Object.keys(pageScripts).length > 0) {
        return { kind: 'active', what: 'page script' };
      }
      for (const annotation of (await page.getAnnotations()) as {
        subtype?: string;
        actions?: unknown;
        url?: string;
      }[]) {
        const scripted =
          (annotation.actions !== undefined && annotation.actions !== null) ||
          /^\s*javascript:/i.test(annotation.url ?? '');
        const carrier = ['FileAttachment', 'RichMedia', 'Screen', 'Movie', 'Sound'].includes(
          annotation.subtype ?? '',
        );
        if (scripted || carrier)
          return { kind: 'active', what: `${annotation.subtype} annotation` };
      }
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        items.push({
          page: number,
          x: item.transform[4] ?? 0,
          y: item.transform[5] ?? 0,
          width: item.width,
          text: item.str,
        });
        if (items.length > input.maxItems) return { kind: 'tooComplex', what: 'text pieces' };
      }
      page.cleanup();
    }
    return { kind: 'items', items, pages: doc.numPages };
  } catch (error) {
    return { kind: 'unreadable', what: (error as { name?: string }).name ?? 'Error' };
  } finally {
    await doc.cleanup();
  }
}

if (parentPort) {
  const port = parentPort;
  extract(workerData as PdfWorkerInput).then(
    (result) => port.postMessage(result),
    (error: unknown) =>
      port.postMessage({
        kind: 'unreadable',
        what: (error as { name?: string }).name ?? 'Error',
      } satisfies PdfWorkerResult),
  );
}
