import { useEffect, useState } from 'react';

/**
 * The offset between the server's clock and this device's, per server answer (its `serverNow`),
 * taken when the answer is first seen: a screen that shows a cached answer again later (Back to
 * the mock after a few minutes on quiz home) must not take its old `serverNow` for the server's
 * time now, or the clock would give back the minutes spent away (docs/decisions/019: "a kept clock
 * runs on"). An answer put back from the phone's store has its `serverNow` aged by the time it
 * waited (offline-snapshot.ts), so it is a new value, seen when it is put back.
 */
const offsets = new Map<string, number>();
const REMEMBERED = 50;

function offsetOf(serverNow: string): number {
  let offset = offsets.get(serverNow);
  if (offset === undefined) {
    offset = Date.parse(serverNow) - Date.now();
    offsets.set(serverNow, offset);
    if (offsets.size > REMEMBERED) offsets.delete(offsets.keys().next().value as string);
  }
  return offset;
}

/**
 * Time left on a server-side clock (issue 4 "the clock lives on the server"): the device's clock
 * may be wrong, so the countdown uses the offset between the server's `now` and the device's at
 * the moment the answer arrived, then ticks locally every second. Null without a deadline.
 */
export function useCountdown(deadlineAt: string | null, serverNow: string | null): number | null {
  const offset = serverNow ? offsetOf(serverNow) : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadlineAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadlineAt]);
  if (!deadlineAt) return null;
  return Math.max(0, Date.parse(deadlineAt) - (now + offset));
}
