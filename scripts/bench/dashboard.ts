// Issue 26 item 4: the staff dashboard's queries "proven with EXPLAIN on 1 million purchases".
// Seeds a fresh PostgreSQL database with 1,000,000 purchases (and their transactions) over a year,
// written in time order as a live table is,
// 300,000 free trials and 2,000 purchases waiting for review, then runs the dashboard's statements
// as the server sends them, each under EXPLAIN (ANALYZE, BUFFERS), and times the whole dashboard.
// Prints plans and figures; judges nothing.
//   npm run bench:dashboard       (TEST_DATABASE_URL or DATABASE_URL: an admin URL of PostgreSQL;
//                                  BENCH_PURCHASES, default 1000000)
import { sql } from 'drizzle-orm';
import { staffDashboard } from '../../apps/server/src/modules/subscriptions/dashboard.service.ts';
import { createTestDatabase } from '../../apps/server/test/helpers/test-database.ts';
import { captureStatements } from '../../apps/server/test/quiz/statement-plans.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1_000_000);
const TRIALS = Math.round(PURCHASES * 0.3);
const USERS = Math.round(PURCHASES * 0.4);
const WAITING = 2_000;
// Assigning undefined to process.env would store the string "undefined".
if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
}
if (!process.env.TEST_DATABASE_URL) {
  console.error('Set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL admin URL.');
  process.exit(1);
}

const testDb = await createTestDatabase('postgres');
const { database } = testDb;
const { db } = database;
const client = (
  db as unknown as {
    $client: {
      query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
    };
  }
).$client;
const now = new Date();
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(2);

try {
  let started = performance.now();
  // Users, then a year of trials and purchases spread evenly; 85 % of purchases approved within
  // two days, the rest still waiting, rejected or suspended (statuses the dashboard must skip).
  await db.execute(sql`insert into users (id, email, created_at)
    select gen_random_uuid(), 'bench' || g || '@example.com', ${now.toISOString()}::timestamptz - (random() * interval '365 days')
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`create temporary table bench_users as
    select id, row_number() over () as n from users`);
  await db.execute(sql`insert into subscriptions (user_id, status, is_free_trial, expiry_date, created_at)
    select u.id, 'completed', true, at + interval '3 days', at
    from (select g, ${now.toISOString()}::timestamptz - (random() * interval '365 days') as at
          from generate_series(1, ${TRIALS}) g) s
    join bench_users u on u.n = 1 + (s.g % ${USERS})
    order by s.at`);
  await db.execute(sql`insert into subscriptions (user_id, status, is_free_trial, expiry_date, created_at, approved_at, selected_plan)
    select u.id,
      case when s.r < 0.85 then 'completed' when s.r < 0.95 then 'revoked' else 'suspended' end,
      false, at + interval '30 days', at,
      case when s.r < 0.85 then at + (random() * interval '48 hours') end,
      -- Three in ten bought with the free-trial discount (₱199 − ₱100).
      jsonb_build_object('id', '1-month', 'name', '1 Month', 'price', 199,
        'discount', case when random() < 0.3 then 100 else 0 end, 'durationInDays', 30)
    from (select g, random() as r, ${now.toISOString()}::timestamptz - interval '2 days' - (random() * interval '363 days') as at
          from generate_series(1, ${PURCHASES - WAITING}) g) s
    join bench_users u on u.n = 1 + ((s.g * 7) % ${USERS})
    order by s.at`);
  await db.execute(sql`insert into subscriptions (user_id, status, is_free_trial, expiry_date, created_at, selected_plan)
    select u.id, case when g % 5 = 0 then 'forVerification' else 'pending' end, false,
      ${now.toISOString()}::timestamptz + interval '30 days',
      ${now.toISOString()}::timestamptz - (random() * interval '5 days'),
      '{"id":"1-month","name":"1 Month","price":199,"discount":0,"durationInDays":30}'::jsonb
    from generate_series(1, ${WAITING}) g join bench_users u on u.n = 1 + ((g * 13) % ${USERS})`);
  await db.execute(sql`insert into transactions (subscription_id, user_id, price, discount_amount, final_price, is_free_trial, created_at)
    select id, user_id, case when is_free_trial then 0 else 199 end, 0,
      case when is_free_trial then 0 else 199 - (selected_plan->>'discount')::int end, is_free_trial, created_at
    from subscriptions order by created_at`);
  // As autovacuum leaves a live table: statistics fresh and the visibility map set, so index-only
  // scans need not visit the heap.
  for (const table of ['users', 'subscriptions', 'transactions']) {
    await client.query(`vacuum analyze ${table}`);
  }
  const counts = (
    await client.query(`select
      (select count(*) from subscriptions where not is_free_trial)::int as purchases,
      (select count(*) from subscriptions where is_free_trial)::int as trials,
      (select count(*) from transactions)::int as transactions`)
  ).rows[0];
  console.info(`seeded in ${seconds(started)} s: ${JSON.stringify(counts)}`);

  // The statements the dashboard sends, captured, then explained with their own parameters.
  const statements = await captureStatements(() => staffDashboard(db, { now, weeks: 12 }));
  for (const statement of statements) {
    const plan = await client.query(
      `explain (analyze, buffers, format text) ${statement.text}`,
      statement.values,
    );
    console.info(`\n-- ${statement.text.replace(/\s+/g, ' ').slice(0, 140)}…`);
    for (const row of plan.rows) console.info(String(row['QUERY PLAN']));
  }

  // The whole dashboard as staff load it: cold once, then warm.
  const times: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    started = performance.now();
    const dashboard = await staffDashboard(db, { now, weeks: 12 });
    times.push(performance.now() - started);
    if (i === 0) {
      const last = dashboard.weeks.at(-2);
      console.info(
        `\na full week: ${JSON.stringify(last)}; queue: ${JSON.stringify(dashboard.queue)}`,
      );
    }
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  console.info(
    `dashboard purchases ${PURCHASES} weeks 12 first-ms ${times[0]?.toFixed(0)} median-ms ${warm[Math.floor(warm.length / 2)]?.toFixed(0)}`,
  );
} finally {
  await testDb.drop();
}
