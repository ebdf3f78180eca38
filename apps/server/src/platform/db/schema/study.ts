import { index, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { cascadeRef, cascadeTextRef, timestamptz } from './columns.ts';
import { flashCards, notes } from './content.ts';
import { users } from './users.ts';

/** FSRS state per student and card (ts-fsrs `Card`), with the due time indexed for the queue. */
export const cardSchedules = pgTable(
  'card_schedules',
  {
    userId: cascadeRef('user_id', () => users.id),
    cardId: cascadeTextRef('card_id', () => flashCards.id),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    due: timestamptz('due').notNull(),
    lastReviewedAt: timestamptz('last_reviewed_at'),
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
    userId: cascadeRef('user_id', () => users.id),
    noteId: cascadeTextRef('note_id', () => notes.id),
    readAt: timestamptz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noteId] })],
);
