import { contentGeneration, keepContent, readContent } from './content-store.ts';
import type { OutboxEntry } from './outbox.ts';

/**
 * Flash ratings the server has acknowledged but the phone's kept progress may not show yet
 * (docs/decisions/019-offline-caching.md). Once sent, a rating leaves the outbox, and the kept
 * progress is read again only a moment later (keep-offline.ts); if the signal drops in between,
 * or the page closes, the phone would schedule the card as if it had never been rated and offer
 * it again. So each sent rating is kept here, replayed on the kept progress with the waiting ones
 * (core `applyRating` ignores a review id the card already remembers), and forgotten once a
 * progress read that began after it was sent has been kept.
 *
 * Kept in the content store beside the progress, so sign-out and a reviewer no longer granted
 * drop it with the rest.
 */

export const SENT_RATINGS_KIND = 'study-sent-ratings';

type SentRating = { entry: OutboxEntry; sentAt: number };

/** More than a day of ratings; a progress read normally forgets them within seconds. */
const MAX_KEPT = 500;

// One change at a time: two ratings acknowledged together must not each overwrite the other.
let chain: Promise<unknown> = Promise.resolve();
const inTurn = <T>(change: () => Promise<T>): Promise<T> => {
  const next = chain.then(change, change);
  chain = next.catch(() => undefined);
  return next;
};

const read = async (uid: string, reviewer: string): Promise<SentRating[]> =>
  (await readContent<SentRating[]>(uid, SENT_RATINGS_KIND, reviewer)) ?? [];

const write = (uid: string, reviewer: string, list: SentRating[], generation: number) =>
  keepContent(
    uid,
    SENT_RATINGS_KIND,
    reviewer,
    { version: '', bytes: new TextEncoder().encode(JSON.stringify(list)).length, checkedAt: 0 },
    list,
    generation,
  );

/** Keeps a rating the server has just acknowledged. */
export function rememberSentRating(
  uid: string,
  reviewer: string,
  entry: OutboxEntry,
): Promise<void> {
  const generation = contentGeneration();
  return inTurn(async () => {
    const list = await read(uid, reviewer);
    list.push({ entry, sentAt: Date.now() });
    await write(uid, reviewer, list.slice(-MAX_KEPT), generation);
  });
}

/** Forgets the ratings sent before `readSince`: the kept progress, read after them, has them. */
export function forgetSentRatings(uid: string, reviewer: string, readSince: number): Promise<void> {
  const generation = contentGeneration();
  return inTurn(async () => {
    const list = await read(uid, reviewer);
    const left = list.filter((r) => r.sentAt >= readSince);
    if (left.length < list.length) await write(uid, reviewer, left, generation);
  });
}

/** The ratings sent for a reviewer that the kept progress may not show, oldest first. */
export async function sentRatings(uid: string, reviewer: string): Promise<OutboxEntry[]> {
  return (await read(uid, reviewer)).map((r) => r.entry);
}
