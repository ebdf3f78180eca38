import type { SaveAnswerRequest } from '@pasado/core';

/**
 * Mock answers not yet acknowledged by the server (issue 4 "nothing lost offline"). Every answer
 * and flag is written here first, synchronously, then sent; a reload, a dropped connection or a
 * closed tab keeps it until the server says it is saved. Keyed per attempt in localStorage.
 */

export type QueuedChange = SaveAnswerRequest & { seq: number };
type Queue = Record<string, QueuedChange>;

const key = (attemptId: string) => `pasado.quiz.pending.${attemptId}`;
let seq = Date.now();

export function readQueue(attemptId: string): Queue {
  try {
    const raw = localStorage.getItem(key(attemptId));
    return raw ? (JSON.parse(raw) as Queue) : {};
  } catch {
    return {};
  }
}

function writeQueue(attemptId: string, queue: Queue) {
  try {
    if (Object.keys(queue).length === 0) localStorage.removeItem(key(attemptId));
    else localStorage.setItem(key(attemptId), JSON.stringify(queue));
  } catch (error) {
    // Private mode or a full disk: the answer still goes out while online.
    console.warn('could not keep the answer on this device', error);
  }
}

/** Merges a change into the item's pending change (the latest choice and flag win). */
export function enqueue(attemptId: string, questionId: string, change: SaveAnswerRequest) {
  const queue = readQueue(attemptId);
  seq += 1;
  queue[questionId] = { ...queue[questionId], ...change, seq };
  writeQueue(attemptId, queue);
}

/** Drops a pending change once the server has it, unless a newer change came in meanwhile. */
export function acknowledge(attemptId: string, questionId: string, sentSeq: number) {
  const queue = readQueue(attemptId);
  if (queue[questionId]?.seq === sentSeq) {
    delete queue[questionId];
    writeQueue(attemptId, queue);
  }
}

export function clearQueue(attemptId: string) {
  writeQueue(attemptId, {});
}
