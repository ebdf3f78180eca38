import type { SubscriptionStatus } from '@pasado/core';

/** What each status (docs/product.md#states) means to a student. */
export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: 'Payment under review',
  forVerification: 'Payment proof needed',
  approved: 'Payment approved',
  completed: 'Active',
  suspended: 'Suspended',
  revoked: 'Revoked',
  expired: 'Expired',
};

/** A short name for a browser user-agent (docs/product.md#entities deviceInfo), e.g. 'Chrome on Android'. */
export function describeDevice(userAgent: string): string {
  const os = /Android/i.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(userAgent)
      ? 'iPhone or iPad'
      : /Windows/i.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(userAgent)
          ? 'Mac'
          : /CrOS/i.test(userAgent)
            ? 'Chromebook'
            : /Linux/i.test(userAgent)
              ? 'Linux'
              : null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser/i.test(userAgent)
      ? 'Samsung Internet'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? (userAgent.slice(0, 60) || 'Unknown device');
}
