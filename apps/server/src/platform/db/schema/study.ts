import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { flashCards, notes } from './content.ts';
import { users } from './users.ts';

/** FSRS state per student and card (ts-fsrs `Card`), with the due time indexed for the queue. */
export const cardSchedules = pgTable(
  'card_schedules',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: text('card_id')
      .notNull()
      .references(() => flashCards.id, { onDelete: 'cascade' }),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    reps: integer('reps').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cardId] }),
    index('card_schedules_due_idx').on(t.userId, t.due),
  ],
);
/** Notes a student has read (progress through a topic). */
export const noteReads = pgTable(
  'note_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noteId: text('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noteId] })],
);
