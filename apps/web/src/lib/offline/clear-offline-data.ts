import { clearContent, forgetContent } from './content-store.ts';
import { clearSnapshots, forgetSnapshot, lastStudent } from './offline-snapshot.ts';
import { clearOutbox, flush, keepOrphansFor, loadOutbox } from './outbox.ts';

const LAST_CHANCE_MS = 5_000;

/**
 * Sign-out (issue 11: "signing out clears the student's offline data"): what waits in the outbox
 * gets one last chance to reach the server while the session still exists, then everything this
 * student kept on the device is deleted, so the next person on a shared phone sees none of it.
 * The service worker's caches hold only the app's own files, never a student's data (ADR 019).
 */
export async function clearOfflineData(): Promise<void> {
  // What waits is read from the device: right after a reload the outbox may not have read it yet.
  if (navigator.onLine && (await loadOutbox()).length > 0) {
    await Promise.race([
      flush(),
      new Promise<void>((resolve) => setTimeout(resolve, LAST_CHANCE_MS)),
    ]);
  }
  await Promise.all([clearOutbox(), clearSnapshots(), clearContent()]);
  for (const key of Object.keys(localStorage)) {
    // The two outboxes this one replaced kept their queues here.
    // The lite quiz keys are per student (features/quiz): the unfinished quiz offered on quiz
    // home, quizzes taken offline, the items answered recently on this device.
    if (
      key.startsWith('pasado.quiz.pending.') ||
      key.startsWith('pasado:flash-outbox:') ||
      key.startsWith('pasado.lite.')
    )
      localStorage.removeItem(key);
  }
}

const LITE_PREFIX = 'pasado.lite.';

/** `pasado.lite.<kind>.<uid>` and `pasado.lite.<kind>.<uid>.<…>`: the lite quiz keys of `uid`. */
function isLiteKeyOf(key: string, uid: string): boolean {
  if (!key.startsWith(LITE_PREFIX)) return false;
  const rest = key.slice(LITE_PREFIX.length);
  const dot = rest.indexOf('.');
  if (dot < 0) return false;
  const owner = rest.slice(dot + 1);
  return owner === uid || owner.startsWith(`${uid}.`);
}

/**
 * Deletes what the phone keeps of `uid` for offline use: their snapshot (and the last student's id
 * when it is theirs, so an offline start lets no one in as them), their kept content (the lite pool
 * with its keys, the For-you kit, the study packs) and their `pasado.lite.` keys. Their changes
 * waiting in the outbox stay: each carries their id and is sent only under their own session, at
 * their next sign-in on this phone; the ones written before the outbox knew them get their id too.
 */
export async function forgetStudent(uid: string): Promise<void> {
  for (const key of Object.keys(localStorage)) {
    if (isLiteKeyOf(key, uid)) localStorage.removeItem(key);
  }
  await Promise.all([keepOrphansFor(uid), forgetSnapshot(uid), forgetContent(uid)]);
}

/**
 * The server has said that no one is signed in on this phone (the claims read answered 401: the
 * session reached its idle or lifetime limit, or was ended by a sign-out elsewhere): the last
 * student the phone kept data for is forgotten, and `uid` too when another. A phone that merely has
 * no connection never gets here, and keeps everything.
 */
export async function forgetSignedOut(uid?: string): Promise<void> {
  const last = await lastStudent();
  for (const student of new Set([uid, last])) {
    if (student) await forgetStudent(student);
  }
}
