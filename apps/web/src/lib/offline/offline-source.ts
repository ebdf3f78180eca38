import { apiFetch } from '../api.ts';
import {
  contentGeneration,
  holdingOf,
  keepContent,
  type OfflineHolding,
  touchContent,
} from './content-store.ts';

/**
 * One kind of content kept for offline use (flash cards and notes; lite-quiz items): where the
 * server serves it for a reviewer, and how it is named to the student. Every source is fetched
 * the same way: with the kept version in `If-None-Match`, so an unchanged pack costs a 304.
 */
export type OfflineSource = {
  /** The content-store kind ('study', 'lite'). */
  kind: string;
  /** What the student sees in the offline list ("Flash cards and notes"). */
  label: string;
  /** The API path of a reviewer's pack (GET, answers JSON with an ETag). */
  path: (reviewer: string) => string;
};

/** Kept content checked this recently is not asked for again (reloads are frequent, data dear). */
const FRESH_ENOUGH_MS = 10 * 60_000;

/** Whether kept content was checked against the server recently enough to leave it be. */
export const checkedRecently = (held: OfflineHolding | null, now = Date.now()): boolean =>
  held !== null && now - held.checkedAt < FRESH_ENOUGH_MS;

/**
 * Brings a reviewer's content of one source onto the device when the server's version differs
 * from the kept one; returns what is kept afterwards. Throws when the network or server fails
 * (the caller shows it and keeps the older copy).
 */
export async function refreshSource(
  uid: string,
  source: OfflineSource,
  reviewer: string,
): Promise<OfflineHolding> {
  const generation = contentGeneration();
  const held = await holdingOf(uid, source.kind, reviewer);
  const response = await apiFetch(source.path(reviewer), {
    headers: held ? { 'If-None-Match': held.version } : {},
  });
  if (response.status === 304 && held) {
    await touchContent(uid, source.kind, reviewer, generation);
    return { ...held, checkedAt: Date.now() };
  }
  if (!response.ok) throw new Error(`${source.label}: the server answered ${response.status}`);
  const text = await response.text();
  const holding: OfflineHolding = {
    version: response.headers.get('etag') ?? '',
    bytes: new TextEncoder().encode(text).length,
    checkedAt: Date.now(),
  };
  await keepContent(uid, source.kind, reviewer, holding, JSON.parse(text) as unknown, generation);
  return holding;
}
