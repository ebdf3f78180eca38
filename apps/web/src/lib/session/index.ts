export * from './get-claims.ts';
export * from './get-devices.ts';
export * from './get-me.ts';
export * from './get-subscription.ts';
