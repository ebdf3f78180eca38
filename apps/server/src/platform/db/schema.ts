// The database schema, one file per domain under schema/ (the module that owns the tables named
// alike). Drizzle Kit reads this file to generate migrations; code imports tables from here.

export * from './schema/audit.ts';
export * from './schema/auth.ts';
export * from './schema/content.ts';
export * from './schema/in-app-form.ts';
export * from './schema/leaderboard.ts';
export * from './schema/messages.ts';
export * from './schema/progress.ts';
export * from './schema/quiz.ts';
export * from './schema/storage.ts';
export * from './schema/study.ts';
export * from './schema/subscriptions.ts';
export * from './schema/uploads.ts';
export * from './schema/users.ts';
