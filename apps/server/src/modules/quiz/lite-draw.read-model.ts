import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import { itemReports, questions } from '../../platform/db/schema.ts';
import { currentContentVersion } from './attempts.repository.ts';

// What a lite draw needs besides the bank (issue 25): the content version the remembered bank must
// be at, the items held for everyone, and the ones this student reported (held for them at once,
// issue 21). It reads the content module's questions and reports, so it is a quiz read model.

export type LiteDrawContext = {
  contentVersion: number;
  held: ReadonlySet<string>;
  reported: ReadonlySet<string>;
};

const liteDrawQuery = preparedFor((ex) =>
  ex
    .select({
      contentVersion: currentContentVersion,
      held: sql<
        string[]
      >`(select coalesce(array_agg(${questions.id}), '{}') from ${questions} where ${isNotNull(questions.heldAt)})`,
      reported: sql<
        string[]
      >`(select coalesce(array_agg(${itemReports.questionId}), '{}') from ${itemReports} where ${and(eq(itemReports.userId, sql.placeholder('userId')), eq(itemReports.status, 'open'))})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('quiz_lite_draw'),
);

/** The draw's context in one statement (held items by a partial index, reports by the user's). */
export async function loadLiteDrawContext(ex: Executor, userId: string): Promise<LiteDrawContext> {
  const [row] = await liteDrawQuery(ex).execute({ userId });
  return {
    contentVersion: Number(row?.contentVersion ?? 0),
    held: new Set(row?.held ?? []),
    reported: new Set(row?.reported ?? []),
  };
}
