import { useEffect } from 'react';
import { holdingOf } from '../../lib/offline/content-store.ts';
import { liteOfflineSource } from '../../lib/offline/lite-source.ts';
import { checkedRecently, refreshSource } from '../../lib/offline/offline-source.ts';
import { FOR_YOU_SOURCE } from '../../lib/offline/offline-sources.ts';
import { useClaims } from '../../lib/session/get-claims.ts';
import { useOnline } from '../../lib/use-online.ts';

/**
 * Keeps the reviewer's lite items (and the student's For-you kit) on the device while quiz home is
 * open online (issue 11), so the next quiz can start with no signal. An unchanged pool costs a
 * 304, and one checked in the last few minutes costs nothing. The background refresh of every offline source
 * (lib/offline/offline-sources.ts) does the same for all granted reviewers.
 */
export function useKeepLitePool(reviewer: string | null): void {
  const uid = useClaims().data?.uid;
  const online = useOnline();
  useEffect(() => {
    if (!uid || !reviewer || !online) return;
    // Checked a moment ago (the background round, or an earlier visit): no request at all. The
    // For-you kit goes with the items: a For-you set offline needs both (ADR 032).
    for (const source of [liteOfflineSource, FOR_YOU_SOURCE]) {
      holdingOf(uid, source.kind, reviewer)
        .then((held) => (checkedRecently(held) ? null : refreshSource(uid, source, reviewer)))
        .catch((error: unknown) => {
          console.warn(`${source.label} not refreshed for offline use`, error);
        });
    }
  }, [uid, reviewer, online]);
}

/**
 * After a set or a mock is finished online the student's model and item histories have changed,
 * so the kept For-you kit is read again at once (an unchanged one costs a 304), not on the next
 * check of quiz home's: a For-you set taken offline right after then chooses from today's model.
 * Nothing is fetched when the phone keeps no kit.
 */
export async function refreshKeptForYouKit(uid: string, reviewer: string): Promise<void> {
  try {
    if (await holdingOf(uid, FOR_YOU_SOURCE.kind, reviewer)) {
      await refreshSource(uid, FOR_YOU_SOURCE, reviewer);
    }
  } catch (error) {
    console.warn(`${FOR_YOU_SOURCE.label} not refreshed after the finish`, error);
  }
}
