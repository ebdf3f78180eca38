import { ApiError } from '../../lib/api.ts';

/** Thrown when the phone is offline and holds nothing for this screen. */
export const NOT_KEPT = new ApiError(
  404,
  'This is not on your phone yet. Open it once with a connection to study it offline.',
  'NOT_KEPT',
);

/**
 * The server's answer when it can be reached, else what the phone keeps: with no connection
 * (navigator.onLine false) the network is not tried; a request that fails on the network (not an
 * answer from the server) falls back too.
 */
export async function orKept<T>(
  online: () => Promise<T>,
  kept: () => Promise<T | null>,
): Promise<T & { offline: boolean }> {
  if (navigator.onLine) {
    try {
      return { ...(await online()), offline: false };
    } catch (error) {
      if (error instanceof ApiError || (error as Error)?.name === 'AbortError') throw error;
      const copy = await kept();
      if (copy) return { ...copy, offline: true };
      throw error;
    }
  }
  const copy = await kept();
  if (copy) return { ...copy, offline: true };
  throw NOT_KEPT;
}
