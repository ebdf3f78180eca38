import { NoopLogger, sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/client.ts';

/**
 * Issue 10 "indexes proven with EXPLAIN": the statements a request really sends, captured as it
 * runs, then explained on the same database with the same parameters. Shared by the plans test and
 * `npm run bench:exam:plans`.
 */

/** The tables that are big on exam night: no request may read them with a sequential scan. */
export const BIG_TABLES = [
  'quiz_attempts',
  'quiz_answers',
  'users',
  'sessions',
  'reviewer_access',
  'user_topic_stats',
  'user_streaks',
  'mock_exam_streaks',
  'card_schedules',
] as const;

export type Statement = { text: string; values: unknown[] };
export type PlanNode = { nodeType: string; relation?: string; index?: string };
export type ExplainedStatement = Statement & { nodes: PlanNode[] };

/**
 * Every statement drizzle sends while `run` runs (prepared ones and those in transactions too: the
 * app's sessions log through NoopLogger, whose method is wrapped for the time being); with
 * `transactionControl`, begin, commit and rollback too.
 */
export async function captureStatements(
  run: () => Promise<unknown>,
  options: { transactionControl?: boolean } = {},
): Promise<Statement[]> {
  const captured: Statement[] = [];
  const original = NoopLogger.prototype.logQuery;
  const record = (text: string, values: unknown[]) => {
    captured.push({ text, values });
  };
  NoopLogger.prototype.logQuery = record as typeof original;
  try {
    await run();
  } finally {
    NoopLogger.prototype.logQuery = original;
  }
  const kept = options.transactionControl
    ? /^\s*(select|insert|update|delete|with|begin|commit|rollback)\b/i
    : /^\s*(select|insert|update|delete|with)\b/i;
  return captured.filter((s) => kept.test(s.text));
}

type RawPlan = Record<string, unknown> & { Plans?: RawPlan[] };

function flatten(plan: RawPlan, out: PlanNode[] = []): PlanNode[] {
  out.push({
    nodeType: String(plan['Node Type']),
    ...(plan['Relation Name'] ? { relation: String(plan['Relation Name']) } : {}),
    ...(plan['Index Name'] ? { index: String(plan['Index Name']) } : {}),
  });
  for (const child of plan.Plans ?? []) flatten(child, out);
  return out;
}

/** The plan of each statement (no ANALYZE: nothing is executed), as its scan nodes. */
export async function explainStatements(
  database: Database,
  statements: readonly Statement[],
): Promise<ExplainedStatement[]> {
  const client = (
    database.db as unknown as {
      $client: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
    }
  ).$client;
  const out: ExplainedStatement[] = [];
  for (const statement of statements) {
    const { rows } = await client.query(
      `explain (format json) ${statement.text}`,
      statement.values.map((v) => (v instanceof Date ? v.toISOString() : v)),
    );
    const [row] = rows as { 'QUERY PLAN': [{ Plan: RawPlan }] | string }[];
    const plan = row?.['QUERY PLAN'];
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: RawPlan }]) : plan;
    out.push({ ...statement, nodes: parsed?.[0] ? flatten(parsed[0].Plan) : [] });
  }
  return out;
}

/** Sequential scans of these tables in any of the plans. */
export function seqScansOf(explained: readonly ExplainedStatement[], tables: readonly string[]) {
  return explained.flatMap((s) =>
    s.nodes
      .filter((n) => n.nodeType === 'Seq Scan' && n.relation && tables.includes(n.relation))
      .map((n) => ({ table: n.relation, statement: s.text.slice(0, 160) })),
  );
}

/** One line per statement: its opening and the scans of its plan. */
export function describePlans(explained: readonly ExplainedStatement[]): string[] {
  return explained.map((s) => {
    const scans = s.nodes
      .filter((n) => n.relation || n.index)
      .map(
        (n) =>
          `${n.nodeType}${n.index ? ` using ${n.index}` : ''}${n.relation ? ` on ${n.relation}` : ''}`,
      );
    return `${s.text.replace(/\s+/g, ' ').slice(0, 96)}…\n      ${scans.join('; ') || s.nodes.map((n) => n.nodeType).join(', ')}`;
  });
}

/**
 * Exam-night volume, so the planner chooses as it would in production (a tiny table is read
 * whole): students with sessions, submitted attempts with answers, topic stats, streaks, card
 * schedules. Then ANALYZE.
 */
export async function seedVolume(
  database: Database,
  options: { students: number; reviewer: string; questionIds: readonly string[] },
): Promise<void> {
  const { db } = database;
  const ids = `{${options.questionIds.join(',')}}`;
  await db.execute(sql`
    insert into users (email, display_name)
    select 'volume' || g || '@plans.test', 'Volume ' || g from generate_series(1, ${options.students}) g`);
  await db.execute(sql`
    insert into reviewer_access (user_id, reviewer_shorthand)
    select id, ${options.reviewer} from users where email like 'volume%@plans.test'`);
  await db.execute(sql`
    insert into quiz_attempts (user_id, reviewer_shorthand, kind, status, items, started_at, submitted_at)
    select u.id, ${options.reviewer}, 'lite', 'submitted',
           (select jsonb_agg(jsonb_build_object('questionId', q, 'partId', null)) from unnest(${ids}::text[]) q),
           now() - interval '1 day', now() - interval '23 hours'
    from users u, generate_series(1, 3) g where u.email like 'volume%@plans.test'`);
  await db.execute(sql`
    insert into quiz_answers (attempt_id, question_id, choice_index, is_correct, answered_at)
    select a.id, q, 0, true, now() - interval '1 day'
    from quiz_attempts a, unnest(${ids}::text[]) q
    where a.user_id in (select id from users where email like 'volume%@plans.test')`);
  const volume = sql`(select id from users where email like 'volume%@plans.test')`;
  await db.execute(sql`
    insert into login_devices (user_id, current_device_used)
    select id, 'volume-device' from users where id in ${volume}`);
  await db.execute(sql`
    insert into sessions (token_hash, user_id, device_id, expires_at)
    select md5(id::text), id, 'volume-device', now() + interval '1 day' from users where id in ${volume}`);
  await db.execute(sql`
    insert into user_streaks (user_id, current, longest, last_day)
    select id, 1, 3, current_date - 1 from users where id in ${volume}`);
  await db.execute(sql`
    insert into user_topic_stats (user_id, topic_id, answered, correct, seconds_studied)
    select u.id, t.topic_id, 10, 7, 120
    from users u, (select distinct topic_id from questions where id = any(${ids}::text[])) t
    where u.id in ${volume}`);
  await db.execute(sql`
    insert into mock_exam_streaks (id, user_id, month, year, days)
    select id || '_1_2026', id, 1, 2026, '[1, 2]'::jsonb from users where id in ${volume}`);
  await db.execute(sql`
    insert into card_schedules (user_id, card_id, state, due, reps)
    select u.id, c.id, '{}'::jsonb, now() + interval '1 day', 1
    from users u, (select id from flash_cards order by id limit 20) c where u.id in ${volume}`);
  await db.execute(sql`analyze`);
}
