import type { AttemptState } from '@pasado/core';
import { useEffect, useState } from 'react';
import { useClaims } from '../../lib/session/get-claims.ts';

/**
 * The student's unfinished lite quiz per reviewer (issue 11 deliverable 5: "An unfinished lite
 * quiz is offered on quiz home, online or offline"). Kept on the device, per student, so quiz home
 * offers it with no connection too; the attempt itself is on the server (and, for offline reloads,
 * in the kept query cache). Sign-out clears it with the rest of the offline data.
 */
export type UnfinishedLite = {
  attemptId: string;
  reviewer: string;
  answered: number;
  total: number;
  at: number;
};

export const UNFINISHED_LITE_PREFIX = 'pasado.lite.unfinished.';
const key = (uid: string, reviewer: string) => `${UNFINISHED_LITE_PREFIX}${uid}.${reviewer}`;

function read(uid: string, reviewer: string): UnfinishedLite | null {
  try {
    const raw = localStorage.getItem(key(uid, reviewer));
    return raw ? (JSON.parse(raw) as UnfinishedLite) : null;
  } catch {
    return null;
  }
}

function write(uid: string, reviewer: string, value: UnfinishedLite | null): void {
  try {
    if (value) localStorage.setItem(key(uid, reviewer), JSON.stringify(value));
    else localStorage.removeItem(key(uid, reviewer));
  } catch {
    // Private mode or a full disk: only the offer on quiz home is lost.
  }
}

/** Records a lite quiz as it goes: unfinished once an item is answered, forgotten once submitted. */
export function useTrackLite(state: AttemptState): void {
  const uid = useClaims().data?.uid;
  const answered = state.items.filter((i) => i.choiceIndex !== null).length;
  const { attemptId, reviewer, status } = state;
  const total = state.items.length;
  useEffect(() => {
    if (!uid) return;
    if (status === 'submitted') {
      if (read(uid, reviewer)?.attemptId === attemptId) write(uid, reviewer, null);
    } else if (answered > 0) {
      write(uid, reviewer, { attemptId, reviewer, answered, total, at: Date.now() });
    }
  }, [uid, attemptId, reviewer, status, answered, total]);
}

/** The unfinished lite quiz of this reviewer, or null. */
export function useUnfinishedLite(reviewer: string): UnfinishedLite | null {
  const uid = useClaims().data?.uid;
  const [value, setValue] = useState<UnfinishedLite | null>(null);
  useEffect(() => setValue(uid ? read(uid, reviewer) : null), [uid, reviewer]);
  return value;
}
