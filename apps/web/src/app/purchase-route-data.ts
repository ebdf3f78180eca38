import { queryClient } from '../lib/query-client.ts';
import { serverClockQueryOptions } from '../lib/server-clock.ts';
import { claimsQueryOptions } from '../lib/session/get-claims.ts';

/**
 * The purchase page's loader: the server clock (docs/product.md#server-functions getServerTime, which the discount
 * countdown runs on and the form waits for) is asked for beside the guard and the page's code, not
 * after the page has rendered; its call first loads the contract's schemas (ADR 024), so asked
 * late it was two round trips after the page's code. Only for a signed-in student (the guard sends
 * anyone else away); it never waits for the answer nor fails the navigation.
 */
export async function serverClockFirst(): Promise<null> {
  const claims = await queryClient.ensureQueryData(claimsQueryOptions()).catch(() => null);
  if (claims) void queryClient.prefetchQuery(serverClockQueryOptions());
  return null;
}
