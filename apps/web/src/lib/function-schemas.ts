/** The contract's server-function schemas alone, for call-function.ts to load with its first call. */
export { functionSchemas } from '@pasado/core/contract';
