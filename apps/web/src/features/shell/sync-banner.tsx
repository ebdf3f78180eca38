import { manilaDayKey } from '@pasado/core/rules';
import { useMemo } from 'react';
import type { Banner } from '../../lib/banners.tsx';
import { countText, manilaShortDate, manilaTime } from '../../lib/format.ts';
import { isStudentChange, type OutboxState } from '../../lib/offline/outbox.ts';

/** 'last synced 9:30 PM' today, 'last synced Nov 25, 9:30 PM' before, 'not synced yet' never. */
export function lastSyncedText(at: number | null, now = new Date()): string {
  if (at === null) return 'not synced yet';
  const sameDay = manilaDayKey(new Date(at)) === manilaDayKey(now);
  return `last synced ${sameDay ? '' : `${manilaShortDate(at)}, `}${manilaTime(at)}`;
}

export function waitingText(count: number, lastSyncedAt: number | null): string {
  return `${countText(count, 'change')} waiting to sync · ${lastSyncedText(lastSyncedAt)}`;
}

/**
 * "N changes waiting to sync · last synced …" (issue 11 deliverable 4): shown while the outbox
 * (lib/offline/outbox.ts) holds changes it cannot send — offline, or failing and backing off. A
 * change sent at once never flashes a banner (each one moves the page down: CLS, issue 10).
 */
export function useSyncBanner(outbox: OutboxState, uid: string, online: boolean): Banner | null {
  // An analytics event waiting is not a change the student made: it is sent, never counted.
  const count = outbox.entries.filter((e) => e.uid === uid && isStudentChange(e)).length;
  const show = count > 0 && (!online || outbox.failing);
  const { lastSyncedAt } = outbox;
  return useMemo(
    () =>
      show
        ? {
            id: 'outbox',
            order: 2,
            tone: 'info',
            content: (
              <span className="banner__text" data-testid="sync-status">
                {waitingText(count, lastSyncedAt)}
              </span>
            ),
          }
        : null,
    [show, count, lastSyncedAt],
  );
}
