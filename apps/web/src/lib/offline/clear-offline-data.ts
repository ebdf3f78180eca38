import { clearContent } from './content-store.ts';
import { clearSnapshots } from './offline-snapshot.ts';
import { clearOutbox, flush, loadOutbox } from './outbox.ts';

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
