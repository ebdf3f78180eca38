import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  AMOUNT_CHARSET,
  imageSize,
  type OcrBox,
  type OcrWord,
  ocrLinesFromTsv,
  type ReceiptReading,
  type ReferenceReading,
  readReceiptText,
  rereadAmount,
  rereadDate,
  rereadReference,
  SCREENSHOT_MESSAGES,
  screenshotSizeRefusal,
  sniffImageType,
} from '@pasado/core';
import { createWorker, type Worker as OcrWorker, OEM, PSM } from 'tesseract.js';
import { AppError } from '../../../platform/errors/app-error.ts';

/**
 * Reads payment screenshots with OCR (issue 26 item 3): Tesseract compiled to WebAssembly
 * (tesseract.js), in the worker thread tesseract.js starts, never on a request's path. The English
 * model comes from the npm package @tesseract.js-data/eng, read from node_modules: nothing is
 * downloaded, nothing cached to disk. Core's `readReceiptText` pulls the reference, amount and date
 * out of the text; this file only feeds it the engine's lines and reads the reference's words a
 * second time restricted to the layout's characters.
 *
 * One reader reads one image at a time (the engine is one thread; two images would only
 * interleave). The durable job queue that feeds it belongs with the tables (issue 26 item 3:
 * "the job survives a restart").
 */

export interface ReceiptReader {
  /** The reading of one screenshot; an `AppError` for a file that is not an image to read. */
  read(bytes: Uint8Array): Promise<ReceiptReading>;
  /** Ends the engine's worker thread. */
  close(): Promise<void>;
}

export interface ReceiptReaderOptions {
  /** A reading that takes longer is abandoned and its engine restarted. */
  timeoutMs?: number;
}

/** The most bytes of a screenshot: the uploads' own limit (core ATTACHMENT_MAX_BYTES is 5 MB). */
export const SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;

const require = createRequire(import.meta.url);

/**
 * The English LSTM model's folder inside @tesseract.js-data/eng. `4.0.0_best_int` is the integer
 * "best" model, 2.9 MB gzipped, and the one tesseract.js itself picks for its LSTM engine; its
 * readings of our receipts are the same as the 10.9 MB `4.0.0` model's.
 */
export function englishModelPath(): string {
  const pkg = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

/**
 * tesseract.js's own worker script, started at a low CPU priority (nice 10, which Linux sets
 * per thread): a reading then gives way to requests and to a PostgreSQL on the same host
 * (`npm run bench:ocr:api`, docs/benchmarks.md). Where priorities cannot be set it runs as is.
 */
function lowPriorityWorkerScript(): URL {
  const script = path.join(
    path.dirname(require.resolve('tesseract.js/package.json')),
    'src/worker-script/node/index.js',
  );
  const code = `import os from 'node:os';
try { os.setPriority(0, 10); } catch {}
await import(${JSON.stringify(pathToFileURL(script).href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

function refuse(message: string): never {
  throw new AppError('INVALID_ARGUMENT', message, 'notAnImage');
}

/** Refuses what is not a screenshot to read: not an image by its bytes, or too large to decode. */
export function checkScreenshot(bytes: Uint8Array): void {
  if (bytes.length > SCREENSHOT_MAX_BYTES) refuse(SCREENSHOT_MESSAGES.TOO_LARGE);
  const type = sniffImageType(bytes);
  if (!type) refuse(SCREENSHOT_MESSAGES.NOT_AN_IMAGE);
  const refusal = screenshotSizeRefusal(imageSize(bytes, type));
  if (refusal) refuse(refusal);
}

/**
 * The ways the reference's words are read again, restricted to the layout's alphabet; their votes
 * fix single misread characters (docs/decisions/029-payment-reconciliation.md, "Figures"). A
 * single line reads best on our receipts, so it votes a little more and breaks ties.
 */
const REREADS: readonly { mode: PSM; margin: number; weight: number }[] = [
  { mode: PSM.SINGLE_LINE, margin: 4, weight: 1.2 },
  { mode: PSM.SINGLE_WORD, margin: 4, weight: 1 },
  { mode: PSM.RAW_LINE, margin: 4, weight: 1 },
];

/** Pixels of margin around words read again, so their first and last strokes are whole. */
const WORD_MARGIN = 4;

const around = (box: OcrBox, margin = WORD_MARGIN) => ({
  left: Math.max(0, box.x0 - margin),
  top: Math.max(0, box.y0 - margin),
  width: box.x1 - box.x0 + 2 * margin,
  height: box.y1 - box.y0 + 2 * margin,
});

export async function createReceiptReader(
  options: ReceiptReaderOptions = {},
): Promise<ReceiptReader> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const langPath = englishModelPath();
  const start = () =>
    createWorker('eng', OEM.LSTM_ONLY, {
      langPath,
      // A URL, which tesseract.js hands to `new Worker` as it is.
      workerPath: lowPriorityWorkerScript() as unknown as string,
      gzip: true,
      // Read the model from node_modules as it is; write no cache next to the process.
      cacheMethod: 'none',
      // Without a handler tesseract.js also throws a failed job's error out of its message
      // listener, where nothing can catch it; the job's own promise still rejects with it.
      errorHandler: () => undefined,
    });
  let engine: Promise<OcrWorker> | null = start();
  let queue: Promise<unknown> = Promise.resolve();

  /** Words read again in each of `REREADS`' ways, restricted to an alphabet. */
  const readAgain = async (
    worker: OcrWorker,
    image: Buffer,
    words: readonly OcrWord[],
    charset: string,
  ): Promise<ReferenceReading[]> => {
    const readings: ReferenceReading[] = [];
    for (const way of REREADS) {
      await worker.setParameters({
        tessedit_pageseg_mode: way.mode,
        tessedit_char_whitelist: charset,
      });
      const texts: string[] = [];
      for (const word of words) {
        const { data } = await worker.recognize(
          image,
          { rectangle: around(word.box, way.margin) },
          { text: true },
        );
        texts.push(data.text);
      }
      readings.push({ words: texts, weight: way.weight });
    }
    return readings;
  };

  /** One reading of the page in a layout mode, then the amount's, date's and reference's words again. */
  const readPage = async (
    worker: OcrWorker,
    image: Buffer,
    layoutMode: PSM,
  ): Promise<ReceiptReading> => {
    await worker.setParameters({ tessedit_pageseg_mode: layoutMode, tessedit_char_whitelist: '' });
    let page: Awaited<ReturnType<OcrWorker['recognize']>>;
    try {
      page = await worker.recognize(image, {}, { text: false, tsv: true });
    } catch (error) {
      // Leptonica could not decode the pixels behind a well-formed header.
      if (/read image/i.test(String(error))) refuse(SCREENSHOT_MESSAGES.UNREADABLE);
      throw error;
    }
    const {
      reading: firstReading,
      reread,
      dateBox,
      amountReread,
    } = readReceiptText(ocrLinesFromTsv(page.data.tsv ?? ''));
    let reading = firstReading;
    if (amountReread) {
      const readings = await readAgain(worker, image, amountReread.words, AMOUNT_CHARSET);
      reading = rereadAmount(reading, amountReread, readings);
    }
    if (dateBox) {
      // A date the page layout ran together ("0Oct5,") often reads as one line on its own.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
      const { data } = await worker.recognize(
        image,
        { rectangle: around(dateBox) },
        { text: true },
      );
      reading = rereadDate(reading, { text: data.text, confidence: data.confidence });
    }
    if (!reread) return reading;
    const readings = await readAgain(worker, image, reread.words, reread.charset);
    return rereadReference(reading, reread, readings);
  };

  /**
   * The page read as one block first (labels and values stay on their lines); what that misses is
   * read again as sparse text, which finds small lines beside wide gaps (GCash's reference and
   * date share one line) that the block reading drops.
   */
  const recognise = async (bytes: Uint8Array): Promise<ReceiptReading> => {
    if (!engine) engine = start();
    const worker = await engine;
    const image = Buffer.from(bytes);
    const block = await readPage(worker, image, PSM.SINGLE_BLOCK);
    if (block.layout !== null && block.reference && block.amount && block.paidAt) return block;
    const sparse = await readPage(worker, image, PSM.SPARSE_TEXT);
    return {
      layout: block.layout ?? sparse.layout,
      reference: block.reference ?? sparse.reference,
      amount: block.amount ?? sparse.amount,
      paidAt: block.paidAt ?? sparse.paidAt,
    };
  };

  const withTimeout = async (bytes: Uint8Array): Promise<ReceiptReading> => {
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // The engine may be stuck mid-image: end it; the next reading starts a fresh one.
        const stuck = engine;
        engine = null;
        void stuck?.then((w) => w.terminate());
        reject(new AppError('UNAVAILABLE', 'Reading the screenshot took too long.', 'ocrTimeout'));
      }, timeoutMs);
    });
    try {
      return await Promise.race([recognise(bytes), overrun]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    read(bytes) {
      checkScreenshot(bytes);
      const job = queue.then(() => withTimeout(bytes));
      queue = job.catch(() => undefined);
      return job;
    },
    async close() {
      await queue;
      const running = engine;
      engine = null;
      if (running) await (await running).terminate();
    },
  };
}
