import { isExtension, type SubscriptionStatus } from './subscription-rules.ts';
import { DAY_MS } from './time.ts';

/**
 * Purchase rules shared by the purchase page and the server (docs/product.md#extension, #validation, #server-functions; docs/product.md#system
 * "Buying"; docs/decisions/004-purchases.md). Each rule has its one home here.
 */

/** Ours: docs/product.md#buying name these refusals without a text. */
/**
 * Payment proofs one subscription may carry (issue 9, finding 5: 40 were accepted). Enough for a
 * wrong screenshot, a second reference and what staff ask for; more is spam for the review queue.
 */
export const MAX_PROOFS_PER_SUBSCRIPTION = 5;

export const PURCHASE_MESSAGES = {
  TOO_MANY_PROOFS: `This payment already has ${MAX_PROOFS_PER_SUBSCRIPTION} proofs. Please wait for our team to review them.`,
  PRICE_CHANGED: 'The price has changed. Please review your order and submit again.',
  REF_CODE_USED: 'This reference code was already used.',
  SCREENSHOT_USED: 'This screenshot was already used.',
  PURCHASE_BLOCKED:
    'You already have a purchase in progress. Please wait until it is reviewed before buying again.',
  ONE_PROOF: 'Send either a reference code or a screenshot, not both.',
  UNKNOWN_SCREENSHOT: 'Upload the screenshot again, then submit.',
  NOT_VERIFIABLE: 'This subscription is not waiting for a payment proof.',
  SUSPENDED: 'Your subscription is suspended. Please contact support before buying again.',
  /** Followed by the Manila date and time the bar ends. */
  REVOKED_TWICE:
    'Your last two payments were not accepted. Please contact support, or buy again after',
} as const;

/**
 * The term of a new purchase (docs/product.md#extension; docs/product.md#buying): an extension is queued and
 * starts when the current subscription ends — or the last queued one, when the queue is not empty;
 * otherwise it starts now. The expiry is the start plus the plan's days.
 */
export function purchaseTerm(input: {
  now: Date;
  current: { status: SubscriptionStatus; expiryDate: Date } | null;
  /** The latest expiry among queued subscriptions, if any. */
  lastQueuedExpiry: Date | null;
  durationInDays: number;
}): { queued: boolean; startsAt: Date; expiryDate: Date } {
  const queued = isExtension(input.current);
  let startsAt = input.now;
  if (queued && input.current) {
    const chainEnd = input.lastQueuedExpiry ?? input.current.expiryDate;
    const latest = Math.max(chainEnd.getTime(), input.current.expiryDate.getTime());
    // A current subscription that already lapsed (not yet swept) cannot start a term in the past.
    startsAt = new Date(Math.max(latest, input.now.getTime()));
  }
  return {
    queued,
    startsAt,
    expiryDate: new Date(startsAt.getTime() + input.durationInDays * DAY_MS),
  };
}

/**
 * The term of a queued subscription as it becomes current (docs/product.md#subscription-queue):
 * the term computed at purchase, unless that term has not begun — the one before it was revoked,
 * or ended early — when it begins now and keeps its length. A month paid for is a month, not the
 * time from the revocation to the end of a term that was to begin a month later.
 */
export function promotedTerm(
  term: { startsAt: Date; expiryDate: Date },
  now: Date,
): { startsAt: Date; expiryDate: Date } {
  const early = term.startsAt.getTime() - now.getTime();
  if (early <= 0) return term;
  return { startsAt: now, expiryDate: new Date(term.expiryDate.getTime() - early) };
}

/**
 * How far the end of a hold moves the queue on (docs/product.md#subscription-queue): a suspended
 * current subscription holds the queue, so when staff lift or revoke it and the first queued term
 * was to have begun during the hold, every queued term moves on by the time that term has already
 * run — the first begins now, and each keeps its length and its place. Zero when none has begun.
 */
export function heldQueueShiftMs(queuedStarts: readonly Date[], now: Date): number {
  if (queuedStarts.length === 0) return 0;
  const first = Math.min(...queuedStarts.map((start) => start.getTime()));
  return Math.max(0, now.getTime() - first);
}

/**
 * Whether the amounts the client showed match the server's quote (docs/product.md#buying: the amount
 * is checked against the plan). `finalPrice` is always compared; price and discount when sent.
 */
export function statedPriceMatches(
  quote: { price: number; discountAmount: number; finalPrice: number },
  stated: { price?: number | undefined; discountAmount?: number | undefined; finalPrice: number },
): boolean {
  if (stated.finalPrice !== quote.finalPrice) return false;
  if (stated.price !== undefined && stated.price !== quote.price) return false;
  if (stated.discountAmount !== undefined && stated.discountAmount !== quote.discountAmount)
    return false;
  return true;
}

/** Folder of payment screenshots in file storage (docs/product.md#file-storage). */
export const PAYMENT_SCREENSHOT_FOLDER = 'images/paymentScreenshots';

/**
 * A file name made safe for a storage path: the last path segment, characters other than letters,
 * digits, dot, dash and underscore replaced by '_', at most 100 characters, never empty or hidden.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned === '' ? 'screenshot' : cleaned;
}

/**
 * images/paymentScreenshots/{timestamp}_{filename} (docs/product.md#file-storage): the filename is
 * storedImageName's, so its extension is the one the bytes show.
 */
export function paymentScreenshotPath(
  timestampMs: number,
  fileName: string,
  type: ImageType,
): string {
  return `${PAYMENT_SCREENSHOT_FOLDER}/${timestampMs}_${storedImageName(fileName, type)}`;
}

/** Whether a storage path names a payment screenshot made by paymentScreenshotPath. */
export function isPaymentScreenshotPath(path: string): boolean {
  return /^images\/paymentScreenshots\/\d+_[A-Za-z0-9._-]{1,100}$/.test(path);
}

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * The name an uploaded image is stored under: the client's name sanitised and stripped of its
 * extension, plus the extension of the type its bytes show (issue 9, finding 6). A file never
 * keeps `.html`, `.svg` or `.exe` from the client; the original name is kept only as metadata.
 */
export function storedImageName(fileName: string, type: ImageType): string {
  const base =
    sanitizeFileName(fileName)
      .replace(/\.[^.]*$/, '')
      .slice(0, 90) || 'image';
  return `${base}.${IMAGE_EXTENSIONS[type]}`;
}

/**
 * The image type its first bytes show (our decision for docs/product.md#validation "image files only"): PNG, JPEG,
 * GIF or WebP; null for anything else, including SVG, which can carry script.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * A new payment proof (addTransaction, the Verify Payment modal) is accepted while the subscription
 * waits for review: pending stays pending, forVerification returns to pending for staff to look
 * again (docs/decisions/004-purchases.md). Null: no proof can be added in that status.
 */
export function statusAfterNewProof(sub: {
  status: SubscriptionStatus;
  isFreeTrial: boolean;
}): 'pending' | null {
  if (sub.isFreeTrial) return null;
  return sub.status === 'pending' || sub.status === 'forVerification' ? 'pending' : null;
}

export type InProgressStatus = 'pending' | 'forVerification' | 'approved';

/** What blocks the purchase page, so the page can say what is pending and what to do. */
export type PurchaseBlock = {
  subscriptionId: string;
  status: InProgressStatus;
  /** True when the blocking purchase waits in the queue behind the current subscription. */
  queued: boolean;
};

const isInProgress = (status: SubscriptionStatus): status is InProgressStatus =>
  status === 'pending' || status === 'forVerification' || status === 'approved';

/**
 * Why the purchase page is blocked (docs/product.md#purchase-blocking, #roles), or null when it is not: the
 * first queued subscription that is pending, approved or forVerification, else the current
 * non-trial one in those statuses. Blocked exactly when core `isPurchaseBlocked` says so.
 */
export function purchaseBlock(input: {
  current: { id: string; status: SubscriptionStatus; isFreeTrial: boolean } | null;
  queued: readonly { id: string; status: SubscriptionStatus }[];
}): PurchaseBlock | null {
  const queued = input.queued.find((sub) => isInProgress(sub.status));
  if (queued !== undefined && isInProgress(queued.status)) {
    return { subscriptionId: queued.id, status: queued.status, queued: true };
  }
  const { current } = input;
  if (current && !current.isFreeTrial && isInProgress(current.status)) {
    return { subscriptionId: current.id, status: current.status, queued: false };
  }
  return null;
}
