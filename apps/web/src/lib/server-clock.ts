import { serverClockOffset } from '@pasado/core/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getServerTime } from './call-function.ts';

/** One query for the purchase page and the banners: one getServerTime call serves both. */
export const serverClockQueryKey = ['server-clock'] as const;

/**
 * The server clock's offset from this device's (docs/product.md#server-functions getServerTime, which falls back to the
 * device time; docs/product.md#time): the discount countdown runs on server time, whatever the phone's
 * clock says. Fetched once per 10 minutes at most.
 */
export const serverClockQueryOptions = () =>
  queryOptions({
    queryKey: serverClockQueryKey,
    queryFn: async () => {
      const sentAtMs = Date.now();
      const serverTimeMs = await getServerTime();
      return serverClockOffset({ serverTimeMs, sentAtMs, receivedAtMs: Date.now() });
    },
    staleTime: 10 * 60_000,
  });

export function useServerClockOffset(enabled = true) {
  return useQuery({ ...serverClockQueryOptions(), enabled });
}

/**
 * Server time in ms, re-read every second until `runUntilMs` (docs/product.md#free-trial-discount: "a countdown then runs each
 * second"); null stops the clock where it is.
 */
export function useServerNow(offsetMs: number, runUntilMs: number | null): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    if (runUntilMs === null) return;
    const read = () => {
      const value = Date.now() + offsetMs;
      setNow(value);
      return value;
    };
    if (read() >= runUntilMs) return;
    const timer = setInterval(() => {
      if (read() >= runUntilMs) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [offsetMs, runUntilMs]);
  return now;
}
