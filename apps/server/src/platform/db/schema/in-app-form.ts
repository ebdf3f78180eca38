import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Daily visits of the in-app free-trial form (docs/product.md#server-functions incrementInAppFormVisit): one row per UTC
 * day, incremented with an upsert so concurrent visits never lose a count.
 */
export const inAppFormVisits = pgTable(
  'in_app_form_visits',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [check('in_app_form_visits_positive_check', sql`${t.visits} >= 0`)],
);
