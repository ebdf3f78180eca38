// The readiness rules (issue 23; ADR 028): student model, readiness, For-you selection, plan.
export * from './model.ts';
