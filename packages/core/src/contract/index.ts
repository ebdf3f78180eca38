export * from './claims.ts';
export * from './common.ts';
export * from './functions.ts';
export * from './in-app-form.ts';
export * from './live.ts';
export * from './payments.ts';
export * from './user.ts';
