import { forgetContent } from './content-store.ts';
import { forgetSnapshot, lastStudent } from './offline-snapshot.ts';
import { flush, keepOrphansFor, loadOutbox } from './outbox.ts';

/**
 * What a student keeps on the phone for offline use, and when it goes (issue 11: "signing out
 * clears the student's offline data"; ADR 019): once the server has said their session is over,
 * and never before, since until then the phone is still signed in as them. The service worker's
 * caches hold only the app's own files, never a student's data.
 */

const LAST_CHANCE_MS = 5_000;

/**
 * Sign-out's last chance for the changes waiting in the outbox: sent while the session still
 * exists, for at most 5 s, when online. Whatever still waits after it stays in the outbox under
 * the student's id, for their next sign-in on this phone (forgetStudent).
 */
export async function sendWaitingChanges(): Promise<void> {
  // What waits is read from the device: right after a reload the outbox may not have read it yet.
  if (navigator.onLine && (await loadOutbox()).length > 0) {
    await Promise.race([
      flush(),
      new Promise<void>((resolve) => setTimeout(resolve, LAST_CHANCE_MS)),
    ]);
  }
}

const LITE_PREFIX = 'pasado.lite.';
/** The queues of the two outboxes this one replaced: nothing reads them any more. */
const OLD_QUEUE_PREFIXES = ['pasado.quiz.pending.', 'pasado:flash-outbox:'];

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
 * with its keys, the For-you kit, the study packs) and their `pasado.lite.` keys (the unfinished
 * quiz, quizzes taken offline, the items answered recently). Their changes waiting in the outbox
 * stay: each carries their id and is sent only under their own session, at their next sign-in on
 * this phone; the ones written before the outbox knew them get their id too.
 */
export async function forgetStudent(uid: string): Promise<void> {
  for (const key of Object.keys(localStorage)) {
    if (isLiteKeyOf(key, uid) || OLD_QUEUE_PREFIXES.some((prefix) => key.startsWith(prefix))) {
      localStorage.removeItem(key);
    }
  }
  await Promise.all([keepOrphansFor(uid), forgetSnapshot(uid), forgetContent(uid)]);
}

/**
 * The server has said that no one is signed in on this phone: it confirmed a sign-out, or a claims
 * read answered 401 (the session reached its idle or lifetime limit, or was ended elsewhere). The
 * last student the phone kept data for is forgotten, and `uid` too when another. A phone that
 * merely has no connection never gets here, and keeps everything.
 */
export async function forgetSignedOut(uid?: string): Promise<void> {
  const last = await lastStudent();
  const students = [...new Set([uid, last])].filter((student): student is string => !!student);
  // Each student is forgotten even when another's deletion fails; the first failure is then told.
  const results = await Promise.allSettled(students.map(forgetStudent));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * `uid` is signed in on this phone, which the server confirmed: an offline start restores only the
 * last student. When another student was last here, their sign-out was never heard of (signing in
 * on this browser replaced their session's one cookie), so what the phone kept of them goes now,
 * as it would have then. Their waiting changes stay, under their id.
 */
export async function forgetPreviousStudent(uid: string): Promise<void> {
  const last = await lastStudent();
  if (last && last !== uid) await forgetStudent(last);
}
