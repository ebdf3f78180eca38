import { type ContentDenial, isContentDenial } from '@pasado/core/rules';
import { ApiError } from './api.ts';

/**
 * The server's paywall refusals (issue 21 finding 1; core content-access.ts): a 403 whose reason
 * says the student may not read this reviewer now. Any request may meet one — a screen's data, an
 * action, the offline refresh — so they are reported here and the root layout answers them in one
 * place: it reads the claims again (which expire an ended subscription, with the spec's alert), and
 * the guard moves the page where the student now belongs.
 */
const listeners = new Set<(denial: ContentDenial) => void>();

/** The refusal's reason when `error` is a paywall refusal, else null. */
export function contentDenialOf(error: unknown): ContentDenial | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return isContentDenial(error.reason) ? error.reason : null;
}

/** Reports `error` when it is a paywall refusal; true when it was one. */
export function reportContentDenied(error: unknown): boolean {
  const denial = contentDenialOf(error);
  if (denial === null) return false;
  for (const listener of listeners) listener(denial);
  return true;
}

/**
 * Reports `error` when the paywall refused it for the student's subscription; true when it was
 * one. For writes sent in the background (the outbox): their reviewer may not be the one on screen,
 * so a refusal for want of its grant (`noReviewer`, a track the student has just left) says nothing
 * about the page shown and does not send it to /unauthorized; the subscription is the student's,
 * whatever the page.
 */
export function reportSubscriptionDenied(error: unknown): boolean {
  const denial = contentDenialOf(error);
  return denial !== null && denial !== 'noReviewer' && reportContentDenied(error);
}

export function onContentDenied(listener: (denial: ContentDenial) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
