import { integer, timestamp } from 'drizzle-orm/pg-core';

// snake_case in SQL, camelCase in TypeScript (STYLE.md habit 5). Every document the web app watches
// live carries a `version` that each write bumps, so a client can tell a newer snapshot from an
// older one (DESIGN.md "Live stream").

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const version = () => integer('version').notNull().default(1);
