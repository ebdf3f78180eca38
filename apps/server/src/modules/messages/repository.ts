import type { StaffMessage } from '@pasado/core';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { userMessages } from '../../platform/db/schema.ts';

type MessageType = StaffMessage['messageType'];
type MessageStatus = StaffMessage['status'];

/** A send-us-a-message message (docs/product.md#entities user_messages). */
export interface UserMessage {
  id: string;
  messageType: MessageType;
  message: string;
  attachment: string | null;
  messageFromUserId: string;
  messageFromUserEmail: string;
  submittedDate: Date;
  status: MessageStatus;
  isArchive: boolean;
}

export async function insertMessage(
  ex: Executor,
  values: Omit<UserMessage, 'id'>,
): Promise<{ id: string; submittedDate: Date } | null> {
  const [row] = await ex
    .insert(userMessages)
    .values(values)
    .returning({ id: userMessages.id, submittedDate: userMessages.submittedDate });
  return row ?? null;
}

// The cursor carries milliseconds: compared at that precision, a page never repeats its last row.
const submittedMs = sql`date_trunc('milliseconds', ${userMessages.submittedDate})`;

export interface MessageFilter {
  type: MessageType | 'all';
  status: MessageStatus | 'all';
  archived: boolean;
  /** Newest first: only messages older than this one. */
  after: { at: Date; id: string } | null;
  limit: number;
}

export async function listMessages(ex: Executor, filter: MessageFilter): Promise<UserMessage[]> {
  const conditions: SQL[] = [eq(userMessages.isArchive, filter.archived)];
  if (filter.type !== 'all') conditions.push(eq(userMessages.messageType, filter.type));
  if (filter.status !== 'all') conditions.push(eq(userMessages.status, filter.status));
  if (filter.after) {
    conditions.push(
      sql`(${submittedMs}, ${userMessages.id}) < (${filter.after.at.toISOString()}::timestamptz, ${filter.after.id}::uuid)`,
    );
  }
  return ex
    .select()
    .from(userMessages)
    .where(and(...conditions))
    .orderBy(desc(submittedMs), desc(userMessages.id))
    .limit(filter.limit);
}

/** Unread and total per type and archive flag. */
export async function countMessages(
  ex: Executor,
): Promise<{ type: MessageType; isArchive: boolean; unread: number; total: number }[]> {
  return ex
    .select({
      type: userMessages.messageType,
      isArchive: userMessages.isArchive,
      unread: sql<number>`count(*) filter (where ${userMessages.status} = 'unread')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(userMessages)
    .groupBy(userMessages.messageType, userMessages.isArchive);
}

/** Row lock: two staff toggling one message at once change it one after the other. */
export async function lockMessage(ex: Executor, id: string): Promise<UserMessage | null> {
  const [row] = await ex.select().from(userMessages).where(eq(userMessages.id, id)).for('update');
  return row ?? null;
}

export async function updateMessage(
  ex: Executor,
  id: string,
  set: Partial<Pick<UserMessage, 'status' | 'isArchive'>>,
): Promise<UserMessage | null> {
  const [row] = await ex.update(userMessages).set(set).where(eq(userMessages.id, id)).returning();
  return row ?? null;
}
