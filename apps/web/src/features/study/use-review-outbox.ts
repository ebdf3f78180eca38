import type { FlashReviewRequest } from '@pasado/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isRetryable } from '../../lib/api.ts';
import { reviewCard } from './api/review-card.ts';

const RETRY_MS = [1_000, 3_000, 10_000, 30_000];

const storageKey = (reviewer: string) => `pasado:flash-outbox:${reviewer}`;

/** Ratings not yet acknowledged survive a closed tab: they are kept in localStorage until sent. */
function load(reviewer: string): FlashReviewRequest[] {
  try {
    const raw = localStorage.getItem(storageKey(reviewer));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as FlashReviewRequest[]) : [];
  } catch {
    return [];
  }
}

function save(reviewer: string, queue: FlashReviewRequest[]) {
  try {
    if (queue.length === 0) localStorage.removeItem(storageKey(reviewer));
    else localStorage.setItem(storageKey(reviewer), JSON.stringify(queue));
  } catch {
    // Storage full or blocked (private mode): the ratings stay in memory for this visit.
  }
}

/**
 * Ratings wait here until the server has them, so a dropped connection on mobile data loses
 * nothing: the student keeps going, and each rating is sent (and resent) in order with its own
 * review id, which the server applies once however often it arrives.
 */
export function useReviewOutbox(reviewer: string) {
  const [initial] = useState(() => load(reviewer));
  const queue = useRef<FlashReviewRequest[]>(initial);
  const running = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [pending, setPending] = useState(initial.length);
  const [failing, setFailing] = useState(false);
  const [rejected, setRejected] = useState(0);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    clearTimeout(timer.current);
    let attempt = 0;
    try {
      while (queue.current.length > 0) {
        const next = queue.current[0];
        if (!next) break;
        try {
          await reviewCard(reviewer, next);
          queue.current.shift();
          save(reviewer, queue.current);
          attempt = 0;
          setFailing(false);
        } catch (error) {
          if (!isRetryable(error)) {
            // The server refused this one (e.g. the card was removed): drop it, keep the rest.
            queue.current.shift();
            save(reviewer, queue.current);
            setRejected((n) => n + 1);
          } else {
            setFailing(true);
            const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 30_000;
            attempt += 1;
            timer.current = setTimeout(() => void pump(), wait);
            return;
          }
        } finally {
          setPending(queue.current.length);
        }
      }
    } finally {
      running.current = false;
    }
  }, [reviewer]);

  useEffect(() => {
    const online = () => void pump();
    window.addEventListener('online', online);
    // Ratings left over from an earlier visit go first.
    if (queue.current.length > 0) void pump();
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [pump]);

  const add = useCallback(
    (review: FlashReviewRequest) => {
      queue.current.push(review);
      save(reviewer, queue.current);
      setPending(queue.current.length);
      void pump();
    },
    [pump, reviewer],
  );

  return { add, pending, failing, rejected, retry: () => void pump() };
}
