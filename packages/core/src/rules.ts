// `@pasado/core/rules`: every business rule, free of zod and of the contract (the import-graph test
// holds it so), for code that must stay light, such as the web app's first load.
export * from './admin-review.ts';
export * from './blueprint.ts';
export * from './challenges.ts';
export * from './constants.ts';
export * from './device.ts';
export * from './discount-window.ts';
export * from './display-name.ts';
export * from './drill.ts';
export * from './guard.ts';
export * from './initials.ts';
export * from './leaderboard.ts';
export * from './levels.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './percent-rounding.ts';
export * from './plans.ts';
export * from './purchase.ts';
export * from './quiz-attempt.ts';
export * from './quiz-scoring.ts';
export * from './safe-text.ts';
export * from './streak.ts';
export * from './subscription-rules.ts';
export * from './time.ts';
export * from './ui-state.ts';
export * from './validation.ts';
export * from './web-view.ts';
