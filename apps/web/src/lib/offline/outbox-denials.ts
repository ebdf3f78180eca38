import { apiErrorOf } from '../api.ts';
import { reportSubscriptionDenied } from '../content-denied.ts';
import { onOutboxOutcome } from './outbox.ts';

/**
 * The paywall's refusals of what the outbox sends (a rating, a note read or a quiz done after the
 * subscription ended), reported where every refusal is (lib/content-denied.ts): the layout reads
 * the claims again, with the spec's alert, and the guard moves the page. The outbox drops such an
 * entry as it drops any refusal, and sends the ones after it. Once for a run of refusals (until the
 * server accepts an entry again): the queue of an evening offline is refused entry by entry, and
 * one claims read answers them all. Runs for the signed-in session (app/signed-in-services.tsx),
 * so it stays out of the study screens' first load.
 */
export function reportOutboxDenials(): () => void {
  let reported = false;
  return onOutboxOutcome((outcome) => {
    if (outcome.ok) reported = false;
    else if (!reported) {
      reported = reportSubscriptionDenied(apiErrorOf(outcome.status, outcome.body));
    }
  });
}
