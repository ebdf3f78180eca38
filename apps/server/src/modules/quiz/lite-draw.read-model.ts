import { and, eq, isNotNull, type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import { itemReports, questions } from '../../platform/db/schema.ts';
import {
  type ContentAccessRow,
  contentAccessJson,
  contentAccessOf,
} from '../account/content-access.read-model.ts';
import { liveSessionExists } from '../auth/sessions.repository.ts';
import { currentContentVersion } from './attempts.repository.ts';

// What a draw from the remembered bank needs besides the bank (issue 25): the content version the
// bank must be at, the items held for everyone, and the ones this student reported (held for them
// at once, issue 21). A lite start reads them in one statement with the session it was sent with
// and the paywall's row (ADR 036). It reads the auth, account and content modules' tables, so it
// is a quiz read model.

/** What every draw from the remembered bank leaves out, at the version the bank must be at. */
export type ItemHolds = {
  contentVersion: number;
  held: ReadonlySet<string>;
  reported: ReadonlySet<string>;
};

export type LiteStartContext = ItemHolds & {
  /** The session the request was sent with is live (it may have come from the session cache). */
  sessionLive: boolean;
  /** The paywall's row; null when there is no such user. */
  access: ContentAccessRow | null;
};

const placeholder = sql.placeholder;

/** The holds' columns for the student whose id is `userId` (a placeholder or a column). */
const holdColumns = (userId: SQLWrapper) => ({
  contentVersion: currentContentVersion,
  held: sql<
    string[]
  >`(select coalesce(array_agg(${questions.id}), '{}') from ${questions} where ${isNotNull(questions.heldAt)})`,
  reported: sql<
    string[]
  >`(select coalesce(array_agg(${itemReports.questionId}), '{}') from ${itemReports} where ${and(eq(itemReports.userId, userId), eq(itemReports.status, 'open'))})`,
});

const itemHoldsQuery = preparedFor((ex) =>
  ex
    .select(holdColumns(placeholder('userId')))
    .from(sql`(select 1) as one`)
    .prepare('quiz_item_holds'),
);

const liteStartQuery = preparedFor((ex) =>
  ex
    .select({
      sessionLive: sql<boolean>`${liveSessionExists(ex, {
        tokenHash: placeholder('tokenHash'),
        now: placeholder('now'),
        idleSince: placeholder('idleSince'),
      })}`,
      access: contentAccessJson(placeholder('userId'), placeholder('shorthand')),
      ...holdColumns(placeholder('userId')),
    })
    .from(sql`(select 1) as one`)
    .prepare('quiz_lite_start'),
);

const holdsOf = (row: { contentVersion: string; held: string[]; reported: string[] }) => ({
  contentVersion: Number(row.contentVersion),
  held: new Set(row.held),
  reported: new Set(row.reported),
});

/** The holds in one statement (held items by a partial index, reports by the user's). */
export async function loadItemHolds(ex: Executor, userId: string): Promise<ItemHolds> {
  const [row] = await itemHoldsQuery(ex).execute({ userId });
  if (!row) throw new Error('A select without a table answered no row.');
  return holdsOf(row);
}

/**
 * A lite start's context in one statement by primary keys: the session, the paywall and the holds.
 */
export async function loadLiteStartContext(
  ex: Executor,
  input: {
    userId: string;
    shorthand: string;
    session: { tokenHash: string; idleSince: Date };
    now: Date;
  },
): Promise<LiteStartContext> {
  const [row] = await liteStartQuery(ex).execute({
    userId: input.userId,
    shorthand: input.shorthand,
    tokenHash: input.session.tokenHash,
    idleSince: input.session.idleSince.toISOString(),
    now: input.now.toISOString(),
  });
  if (!row) throw new Error('A select without a table answered no row.');
  return {
    sessionLive: row.sessionLive === true,
    access: contentAccessOf(row.access),
    ...holdsOf(row),
  };
}
