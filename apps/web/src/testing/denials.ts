import type { ContentDenial } from '@pasado/core/rules';
import { onTestFinished } from 'vitest';
import { onContentDenied } from '../lib/content-denied.ts';

/**
 * The paywall refusals reported to the root layout (lib/content-denied.ts), in order, for the rest
 * of the test: what makes it read the claims again and the guard move the page.
 */
export function recordDenials(): ContentDenial[] {
  const seen: ContentDenial[] = [];
  onTestFinished(onContentDenied((denial) => seen.push(denial)));
  return seen;
}

/** The server's refusal of a student whose subscription has ended (a 403 with its reason). */
export const SUBSCRIPTION_ENDED = {
  error: {
    status: 'PERMISSION_DENIED',
    message: 'Your subscription has ended: renew it to continue.',
    reason: 'expired',
  },
} as const;
