import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, timestamptz } from './columns.ts';
import { users } from './users.ts';

export const userMessages = pgTable(
  'user_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageType: text('message_type', { enum: ['feedbacks', 'suggestions', 'issues'] }).notNull(),
    message: text('message').notNull(),
    attachment: text('attachment'),
    messageFromUserId: cascadeRef('message_from_user_id', () => users.id),
    messageFromUserEmail: text('message_from_user_email').notNull(),
    submittedDate: timestamptz('submitted_date').notNull(),
    status: text('status', { enum: ['unread', 'read'] })
      .notNull()
      .default('unread'),
    isArchive: boolean('is_archive').notNull().default(false),
  },
  (t) => [
    check('user_messages_type_check', sql`message_type in ('feedbacks','suggestions','issues')`),
    check('user_messages_length_check', sql`char_length(message) between 1 and 500`),
    index('user_messages_inbox_idx').on(t.isArchive, t.status, t.submittedDate),
  ],
);
