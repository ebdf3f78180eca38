import type { Page } from 'playwright-core';

/**
 * Phone screenshots of the wallets' "sent" receipts, drawn from HTML in Chromium, for the OCR test
 * and `npm run bench:ocr` (issue 26 item 3). The layouts follow what published OCR fixtures of real
 * receipts show (docs/decisions/029-payment-reconciliation.md, "Sources"):
 *
 * - GCash Express Send: the masked recipient, their number, "Sent via GCash", "Amount 199.00",
 *   "Total Amount Sent ₱199.00", then "Ref No. 1234 567 891234" beside "Feb 5, 2026 7:23 PM"
 *   (the 13 digits grouped 4-3-6).
 * - Maya: "Sent money to", the amount large, the number and name, "Completed Sep 9, 2025,
 *   01:44 pm", then label/value rows with "Reference ID EB8C C4C5 C67B" (12 hex characters in
 *   groups of 4), the payment method, the fee and the total.
 *
 * The usual noise of a student's screenshot is added by `renderReceipt`: a status bar, JPEG
 * compression and a cropped edge.
 */

export type ReceiptLayout = 'gcash' | 'maya';

export interface ReceiptSpec {
  layout: ReceiptLayout;
  /** GCash: 13 digits; Maya: 12 upper-case hex characters. */
  reference: string;
  amountCentavos: number;
  paidAt: Date;
  recipientName: string;
  /** +63 and ten digits, written as the app writes it. */
  recipientNumber: string;
  phone: PhoneScreen;
  /** Status bar clock and battery, as the phone showed them. */
  statusBarTime: string;
  batteryPercent: number;
}

export interface PhoneScreen {
  width: number;
  height: number;
  scale: number;
}

/** Common Android and iPhone screens (CSS pixels and device pixel ratio). */
export const PHONE_SCREENS: readonly PhoneScreen[] = [
  { width: 360, height: 800, scale: 3 },
  { width: 390, height: 844, scale: 3 },
  { width: 412, height: 915, scale: 2.625 },
  { width: 393, height: 873, scale: 2.75 },
  { width: 360, height: 740, scale: 2 },
  { width: 375, height: 667, scale: 2 },
];

export interface ReceiptNoise {
  /** JPEG quality 1–100, or null for a PNG. */
  jpegQuality: number | null;
  /** Device pixels cut from each edge. */
  crop: { top: number; right: number; bottom: number; left: number };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The Manila wall clock of an instant (UTC+8, no daylight saving). */
function manila(d: Date): Date {
  return new Date(d.getTime() + 8 * 60 * 60 * 1000);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "Feb 5, 2026 7:23 PM", as GCash writes it. */
export function gcashDate(d: Date): string {
  const w = manila(d);
  const h = w.getUTCHours();
  return `${MONTHS[w.getUTCMonth()]} ${w.getUTCDate()}, ${w.getUTCFullYear()} ${h % 12 || 12}:${pad2(w.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Sep 9, 2025, 01:44 pm", as Maya writes it. */
export function mayaDate(d: Date): string {
  const w = manila(d);
  const h = w.getUTCHours();
  return `${MONTHS[w.getUTCMonth()]} ${w.getUTCDate()}, ${w.getUTCFullYear()}, ${pad2(h % 12 || 12)}:${pad2(w.getUTCMinutes())} ${h < 12 ? 'am' : 'pm'}`;
}

/** 19900 → "199.00"; 129900 → "1,299.00". */
export function pesos(centavos: number): string {
  const whole = Math.floor(centavos / 100);
  return `${whole.toLocaleString('en-US')}.${pad2(centavos % 100)}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function statusBar(spec: ReceiptSpec, dark: boolean): string {
  const color = dark ? '#fff' : '#111';
  return `<div class="status" style="color:${color}">
    <span>${escapeHtml(spec.statusBarTime)}</span>
    <span class="icons"><span class="sig"><i></i><i></i><i></i><i></i></span> LTE
      <span class="batt"><span style="width:${spec.batteryPercent}%"></span></span> ${spec.batteryPercent}%</span>
  </div>`;
}

const BASE_CSS = `
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { width: 100%; height: 100%; font-family: 'Liberation Sans', 'DejaVu Sans', sans-serif; }
  .status { height: 28px; display: flex; justify-content: space-between; align-items: center;
    padding: 0 16px; font-size: 13px; font-weight: 600; }
  .icons { display: flex; gap: 5px; align-items: center; font-size: 11px; }
  .sig { display: inline-flex; gap: 1px; align-items: flex-end; height: 10px; }
  .sig i { width: 3px; background: currentColor; display: block; }
  .sig i:nth-child(1) { height: 3px; } .sig i:nth-child(2) { height: 5px; }
  .sig i:nth-child(3) { height: 7px; } .sig i:nth-child(4) { height: 10px; }
  .batt { width: 20px; height: 10px; border: 1px solid currentColor; border-radius: 2px; padding: 1px;
    display: inline-block; }
  .batt span { display: block; height: 100%; background: currentColor; }
`;

function gcashHtml(spec: ReceiptSpec): string {
  const ref = spec.reference;
  const grouped = `${ref.slice(0, 4)} ${ref.slice(4, 7)} ${ref.slice(7)}`;
  const amount = pesos(spec.amountCentavos);
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}
    body { background: #0a5bd6; }
    .top { height: 120px; display: flex; align-items: center; justify-content: center; }
    .logo { width: 56px; height: 56px; border-radius: 50%; background: #fff; color: #0a5bd6;
      display: flex; align-items: center; justify-content: center; font-weight: 800; font-size: 24px; }
    .card { background: #fff; margin: 0 16px; border-radius: 14px; padding: 22px 20px 18px; color: #1b1b1b; }
    .name { text-align: center; font-size: 20px; font-weight: 700; letter-spacing: 0.5px; }
    .num { text-align: center; font-size: 15px; color: #444; margin-top: 6px; }
    .via { text-align: center; font-size: 14px; color: #0a5bd6; margin-top: 10px; }
    hr { border: 0; border-top: 1px dashed #c9c9c9; margin: 18px 0; }
    .row { display: flex; justify-content: space-between; font-size: 16px; margin: 10px 0; }
    .total { font-weight: 700; font-size: 18px; }
    .foot { display: flex; justify-content: space-between; font-size: 13px; color: #444; }
    .btns { display: flex; gap: 12px; margin: 22px 16px; }
    .btn { flex: 1; background: #fff; color: #0a5bd6; border-radius: 24px; text-align: center;
      padding: 12px; font-weight: 700; font-size: 15px; }
  </style></head><body>
    ${statusBar(spec, true)}
    <div class="top"><div class="logo">G</div></div>
    <div class="card">
      <div class="name">${escapeHtml(spec.recipientName)}</div>
      <div class="num">${escapeHtml(spec.recipientNumber)}</div>
      <div class="via">Sent via GCash</div>
      <hr>
      <div class="row"><span>Amount</span><span>${amount}</span></div>
      <div class="row total"><span>Total Amount Sent</span><span>&#8369;${amount}</span></div>
      <hr>
      <div class="foot"><span>Ref No. ${grouped}</span><span>${gcashDate(spec.paidAt)}</span></div>
    </div>
    <div class="btns"><div class="btn">Save</div><div class="btn">Done</div></div>
  </body></html>`;
}

function mayaHtml(spec: ReceiptSpec): string {
  const ref = spec.reference;
  const grouped = `${ref.slice(0, 4)} ${ref.slice(4, 8)} ${ref.slice(8)}`;
  const amount = pesos(spec.amountCentavos);
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}
    body { background: #f4f5f7; color: #111; }
    .head { text-align: center; padding: 26px 20px 8px; }
    .check { width: 54px; height: 54px; border-radius: 50%; background: #00b464; color: #fff; margin: 0 auto 14px;
      display: flex; align-items: center; justify-content: center; font-size: 30px; font-weight: 700; }
    .title { font-size: 16px; color: #555; }
    .big { font-size: 34px; font-weight: 800; margin: 8px 0 6px; }
    .who { font-size: 15px; color: #333; margin-top: 2px; }
    .done { display: inline-block; margin-top: 12px; font-size: 13px; color: #00864a; background: #e3f6ec;
      padding: 6px 12px; border-radius: 14px; }
    .card { background: #fff; margin: 18px 16px; border-radius: 14px; padding: 6px 18px; }
    .row { display: flex; justify-content: space-between; padding: 13px 0; font-size: 15px;
      border-bottom: 1px solid #eee; }
    .row:last-child { border-bottom: 0; }
    .row .k { color: #666; } .row .v { font-weight: 600; }
    .btn { margin: 10px 16px; background: #00b464; color: #fff; text-align: center; padding: 14px;
      border-radius: 12px; font-weight: 700; }
  </style></head><body>
    ${statusBar(spec, false)}
    <div class="head">
      <div class="check">&#10003;</div>
      <div class="title">Sent money to</div>
      <div class="big">&#8369;${amount}</div>
      <div class="who">${escapeHtml(spec.recipientNumber)}</div>
      <div class="who">${escapeHtml(spec.recipientName)}</div>
      <div class="done">Completed ${mayaDate(spec.paidAt)}</div>
    </div>
    <div class="card">
      <div class="row"><span class="k">Reference ID</span><span class="v">${grouped}</span></div>
      <div class="row"><span class="k">Payment method</span><span class="v">Maya Wallet</span></div>
      <div class="row"><span class="k">Transaction fee</span><span class="v">Free</span></div>
      <div class="row"><span class="k">Total amount</span><span class="v">&#8369;${amount}</span></div>
    </div>
    <div class="btn">Done</div>
  </body></html>`;
}

/** The receipt as an HTML page (fonts from the machine; nothing is fetched). */
export function receiptHtml(spec: ReceiptSpec): string {
  return spec.layout === 'gcash' ? gcashHtml(spec) : mayaHtml(spec);
}

/**
 * A screenshot of the receipt at the phone's device pixels, with the noise applied: the page is
 * drawn at the phone's size and scale, cropped, and saved as JPEG at the given quality (or PNG).
 */
export async function renderReceipt(
  page: Page,
  spec: ReceiptSpec,
  noise: ReceiptNoise,
): Promise<Uint8Array> {
  await page.setViewportSize({ width: spec.phone.width, height: spec.phone.height });
  await page.setContent(receiptHtml(spec), { waitUntil: 'load' });
  const { crop } = noise;
  // Playwright clips in CSS pixels; the crop is given in device pixels as an image editor would.
  const s = spec.phone.scale;
  const clip = {
    x: crop.left / s,
    y: crop.top / s,
    width: spec.phone.width - (crop.left + crop.right) / s,
    height: spec.phone.height - (crop.top + crop.bottom) / s,
  };
  const bytes =
    noise.jpegQuality === null
      ? await page.screenshot({ type: 'png', clip })
      : await page.screenshot({ type: 'jpeg', quality: noise.jpegQuality, clip });
  return new Uint8Array(bytes);
}

/** A small deterministic generator (mulberry32), so every run draws the same receipts. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['JUAN', 'MARIA', 'ANDREW', 'KRISTINE', 'JOSE', 'ANGELICA', 'MARK', 'RICA'];
const LAST = ['DELA CRUZ', 'SANTOS', 'REYES', 'BAUTISTA', 'GARCIA', 'MENDOZA', 'TAN', 'VILLANUEVA'];

/** GCash masks the recipient's name, e.g. "JU*N DE** C." */
function maskName(first: string, last: string): string {
  const masked =
    first.length > 2
      ? `${first.slice(0, 2)}${'*'.repeat(first.length - 3)}${first.slice(-1)}`
      : first;
  return `${masked} ${last.slice(0, 2)}** ${last.slice(-1)}.`;
}

/**
 * One receipt and its noise, drawn from `random`: amounts a student really sends (the plans with
 * and without the trial discount, and others), times over a recent month, both layouts.
 */
export function drawReceipt(
  random: () => number,
  layout: ReceiptLayout,
): { spec: ReceiptSpec; noise: ReceiptNoise } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const hex = (n: number) =>
    Array.from({ length: n }, () => '0123456789ABCDEF'[Math.floor(random() * 16)]).join('');
  const amountPesos = pick([100, 150, 199, 299, 199, 299, 250, 1299, 49, 500]);
  const amountCentavos = amountPesos * 100 + (random() < 0.15 ? Math.floor(random() * 100) : 0);
  const first = pick(FIRST);
  const last = pick(LAST);
  const paidAt = new Date(Date.UTC(2026, 9, 1) + Math.floor(random() * 30 * 24 * 60) * 60_000);
  const number = `+63 9${digits(2)} ${digits(3)} ${digits(4)}`;
  const spec: ReceiptSpec = {
    layout,
    reference: layout === 'gcash' ? `${1 + Math.floor(random() * 9)}${digits(12)}` : hex(12),
    amountCentavos,
    paidAt,
    recipientName: layout === 'gcash' ? maskName(first, last) : `${first} ${last}`,
    recipientNumber: layout === 'gcash' ? number : number.replace(/ /g, ''),
    phone: pick(PHONE_SCREENS),
    statusBarTime: `${1 + Math.floor(random() * 12)}:${pad2(Math.floor(random() * 60))}`,
    batteryPercent: 5 + Math.floor(random() * 95),
  };
  const edge = () => Math.floor(random() * 40);
  const noise: ReceiptNoise = {
    jpegQuality: random() < 0.8 ? 45 + Math.floor(random() * 45) : null,
    // One edge cut noticeably, as a student's crop does; the others a little.
    crop: (() => {
      const crop = { top: edge(), right: edge(), bottom: edge(), left: edge() };
      const side = pick(['top', 'right', 'bottom', 'left'] as const);
      crop[side] += side === 'top' || side === 'bottom' ? 120 : 24;
      return crop;
    })(),
  };
  return { spec, noise };
}
