import { integer, type PgColumn, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// snake_case in SQL, camelCase in TypeScript (STYLE.md habit 5). Every document the web app watches
// live carries a `version` that each write bumps, so a client can tell a newer snapshot from an
// older one (docs/product.md#live-updates).

/** Every point in time is stored with its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
export const version = () => integer('version').notNull().default(1);
export const sortOrder = () => integer('sort_order').notNull().default(0);

/** A required uuid reference to a row whose deletion takes this row with it. */
export const cascadeRef = (name: string, target: () => PgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });
/** The same for a text id (content ids are stable text chosen by the content file). */
export const cascadeTextRef = (name: string, target: () => PgColumn) =>
  text(name).notNull().references(target, { onDelete: 'cascade' });
