import { SHELL_MESSAGES } from '@pasado/core/rules';
import { notify } from './notify.ts';

/**
 * docs/product.md#route-guard's 'Your current subscription has expired!', exactly once per subscription on this device
 * (issue 21 finding 8). Three things may bring it: the claims reply that expired the subscription,
 * the guard's own finding when that reply could not be had, and a page that finds the claims say
 * expired (core `expiryIsNews`) because the reply was lost to a navigation. Whichever comes first
 * shows it; the others find it shown.
 */
const STORAGE_KEY = 'pasado.expiry-alerted';
/** Subscription ids remembered: a device meets few. */
const REMEMBERED = 20;
/** Shown in this page already, when storage cannot be written (private mode, full). */
const shownHere = new Set<string>();

function remembered(): string[] {
  try {
    return (localStorage.getItem(STORAGE_KEY) ?? '').split(' ').filter((id) => id !== '');
  } catch {
    return [];
  }
}

/** Shows the expiry alert unless this device showed it for `subscriptionId`; true when shown. */
export function alertExpiryOnce(subscriptionId: string | null): boolean {
  if (subscriptionId !== null) {
    const ids = remembered();
    if (ids.includes(subscriptionId) || shownHere.has(subscriptionId)) return false;
    shownHere.add(subscriptionId);
    try {
      localStorage.setItem(STORAGE_KEY, [...ids, subscriptionId].slice(-REMEMBERED).join(' '));
    } catch {
      // Not kept across reloads; this page still shows it once.
    }
  }
  notify(SHELL_MESSAGES.SUBSCRIPTION_EXPIRED);
  return true;
}
