import { PURCHASE_MESSAGES } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { AppError, permissionDenied } from '../../platform/errors/app-error.ts';
import { findUpload } from '../uploads/repository.ts';
import {
  findTransactionByRefCode,
  findTransactionByScreenshot,
} from './transactions.repository.ts';

export interface Proof {
  refCode: string | null;
  paymentScreenshotUrl: string | null;
  screenshotSha256: string | null;
}

/**
 * Resolves a payment proof (docs/product.md#validation; docs/product.md#buying): a reference code (already normalised by
 * the contract) or the path of a screenshot the caller uploaded, whose content hash comes from the
 * upload record, never from the client. Returns the proof and the transaction that already used it.
 */
export async function resolveProof(
  ex: Executor,
  userId: string,
  info: { refCode?: string | null | undefined; paymentScreenshotUrl?: string | null | undefined },
): Promise<{ proof: Proof; usedBy: { id: string; subscriptionId: string } | null }> {
  if (info.refCode != null) {
    const used = await findTransactionByRefCode(ex, info.refCode);
    return {
      proof: { refCode: info.refCode, paymentScreenshotUrl: null, screenshotSha256: null },
      usedBy: used,
    };
  }
  const objectPath = info.paymentScreenshotUrl ?? '';
  const upload = await findUpload(ex, objectPath);
  if (!upload) throw new AppError('INVALID_ARGUMENT', PURCHASE_MESSAGES.UNKNOWN_SCREENSHOT);
  if (upload.ownerUserId !== userId) {
    throw permissionDenied('You can only send a screenshot you uploaded.');
  }
  const used = await findTransactionByScreenshot(ex, upload.sha256);
  return {
    proof: { refCode: null, paymentScreenshotUrl: objectPath, screenshotSha256: upload.sha256 },
    usedBy: used,
  };
}

/** Refuses a proof another transaction already used (docs/product.md#buying). */
export function refuseReusedProof(proof: Proof): never {
  throw new AppError(
    'FAILED_PRECONDITION',
    proof.refCode !== null ? PURCHASE_MESSAGES.REF_CODE_USED : PURCHASE_MESSAGES.SCREENSHOT_USED,
  );
}

/**
 * Maps a unique violation raced past the checks above (two students citing one code at once) to
 * the same message; returns the constraint name for other handling, or null when not a violation.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    e = candidate.cause;
  }
  return null;
}

export function rethrowReuse(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'transactions_ref_code_key') {
    throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.REF_CODE_USED);
  }
  if (constraint === 'transactions_screenshot_sha256_key') {
    throw new AppError('FAILED_PRECONDITION', PURCHASE_MESSAGES.SCREENSHOT_USED);
  }
  throw error;
}
