// The readiness rules (issue 23; ADR 028): student model, readiness, For-you selection, plan.

export * from './for-you.ts';
export * from './forecast.ts';
export * from './model.ts';
export * from './pass-probability.ts';
export * from './plan.ts';
