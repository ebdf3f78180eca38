// `@pasado/core`: the rules and the zod contract together. Code that must not load zod imports
// `@pasado/core/rules`, and contract types with `import type` from `@pasado/core/contract`.
export * from './contract/index.ts';
export * from './rules.ts';
