import type { ServerFunction } from './context.ts';

/** The server clock is authoritative (docs/product.md#time); the client falls back to its own. */
export const getServerTime: ServerFunction<'getServerTime'> = async (ctx) => ({
  serverTime: ctx.now.getTime(),
});
