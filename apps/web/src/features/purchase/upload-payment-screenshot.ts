import { MESSAGES, requireUploadFile } from '@pasado/core';
import { apiFetch, toApiError } from '../../lib/api.ts';

/** An upload failed: the purchase is aborted (docs/product.md#errors). */
export class UploadFailedError extends Error {
  override readonly name = 'UploadFailedError';
}

const UPLOAD_TIMEOUT_MS = 90_000;

/**
 * Uploads a payment screenshot (docs/product.md#file-storage): POST /api/uploads/payment-screenshot with
 * the raw image; the server stores it at images/paymentScreenshots/{timestamp}_{filename} and
 * answers its path. No file: 'Missing file for upload.' Any failure: 'Unable to upload
 * screenshot.' (docs/product.md#errors), followed by the server's reason when it gave one (too large, not an image).
 */
export async function uploadPaymentScreenshot(file: File | null): Promise<{ path: string }> {
  const image = requireUploadFile(file);
  let response: Response;
  try {
    response = await apiFetch('/api/uploads/payment-screenshot', {
      method: 'POST',
      file: image,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
  } catch (error) {
    console.warn('Screenshot upload failed', error);
    throw new UploadFailedError(MESSAGES.UPLOAD_SCREENSHOT_FAILED);
  }
  if (!response.ok) {
    const error = await toApiError(response);
    const reason =
      error.status < 500 && error.message !== MESSAGES.UPLOAD_SCREENSHOT_FAILED
        ? ` ${error.message}`
        : '';
    throw new UploadFailedError(`${MESSAGES.UPLOAD_SCREENSHOT_FAILED}${reason}`);
  }
  const body = (await response.json()) as { path?: unknown };
  if (typeof body.path !== 'string') throw new UploadFailedError(MESSAGES.UPLOAD_SCREENSHOT_FAILED);
  return { path: body.path };
}
