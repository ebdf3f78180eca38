// The floors of `npm run bench:exam` (issue 25), in their own process as the product's server is:
// what this machine gives a bare Fastify route, without the product's code. `GET /hello` answers a
// constant; with DATABASE_URL, `PUT /upsert/:row/:n` does what an answer save cannot do with less:
// in one transaction through `pg` (the product's pool size), it locks one row and upserts one
// answer. A request of the product is judged beside these: above the upsert floor there is little
// left to take out but the database round trips themselves.
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL ?? null;
const pool = databaseUrl
  ? new pg.Pool({
      connectionString: databaseUrl,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    })
  : null;

if (pool) {
  await pool.query(`
    create table if not exists bench_floor_rows (id int primary key, version int not null default 0);
    create table if not exists bench_floor_answers (
      row_id int not null, n int not null, choice int not null, at timestamptz not null,
      primary key (row_id, n));
    insert into bench_floor_rows (id) select g from generate_series(0, 999) g on conflict do nothing;
    create table if not exists bench_floor_finishes (
      row_id int primary key, version int not null default 0, result jsonb);
    create table if not exists bench_floor_histories (
      row_id int not null, item int not null, last_at timestamptz not null,
      last_correct boolean not null, step int not null, primary key (row_id, item));
    create table if not exists bench_floor_tallies (
      row_id int not null, topic int not null, answered int not null, correct int not null,
      primary key (row_id, topic));
    insert into bench_floor_finishes (row_id) select g from generate_series(0, 999) g
      on conflict do nothing;
    insert into bench_floor_answers (row_id, n, choice, at)
      select r, n, n % 4, now() from generate_series(0, 999) r, generate_series(0, 9) n
      on conflict do nothing;`);
}

const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
app.put<{ Params: { row: string; n: string } }>('/upsert/:row/:n', async (request) => {
  if (!pool) throw new Error('the upsert floor needs DATABASE_URL');
  const row = Number(request.params.row) % 1000;
  const n = Number(request.params.n) % 200;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select version from bench_floor_rows where id = $1 for update', [row]);
    const { rows } = await client.query(
      `insert into bench_floor_answers (row_id, n, choice, at) values ($1, $2, $3, now())
       on conflict (row_id, n) do update set choice = excluded.choice, at = excluded.at
       returning choice`,
      [row, n, n % 4],
    );
    await client.query('commit');
    return { choice: rows[0]?.choice ?? null };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
});
// What a finished lite set of ten cannot write with less (issue 25): in one transaction, the
// attempt locked, its ten answers read, then one statement writing the result, the ten items'
// histories, the seven topics' tallies and the student's row. Five round trips with begin and
// commit (the product's finish takes seven), and none of its rules, notices, model or scores.
app.post<{ Params: { row: string; n: string } }>('/finish/:row/:n', async (request) => {
  if (!pool) throw new Error('the finish floor needs DATABASE_URL');
  const row = Number(request.params.row) % 1000;
  const n = Number(request.params.n);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select version from bench_floor_finishes where row_id = $1 for update', [
      row,
    ]);
    const { rows: answers } = await client.query<{ n: number; choice: number }>(
      'select n, choice from bench_floor_answers where row_id = $1 and n < 10 order by n',
      [row],
    );
    const items = answers.map((a) => ({ item: (n * 10 + a.n) % 200, right: a.choice === 0 }));
    const topics = [0, 1, 2, 3, 4, 5, 6].map((t) => ({
      topic: (n + t) % 20,
      correct: items.filter((_, i) => i % 7 === t && items[i]?.right).length,
    }));
    const score = items.filter((i) => i.right).length;
    await client.query(
      `with histories as (
         insert into bench_floor_histories (row_id, item, last_at, last_correct, step)
         select $1, h.item, now(), h.right, 1
         from jsonb_to_recordset($2::jsonb) as h(item int, "right" boolean) order by h.item
         on conflict (row_id, item) do update set last_at = excluded.last_at,
           last_correct = excluded.last_correct, step = bench_floor_histories.step + 1
       ), tallies as (
         insert into bench_floor_tallies (row_id, topic, answered, correct)
         select $1, t.topic, 1, t.correct
         from jsonb_to_recordset($3::jsonb) as t(topic int, correct int) order by t.topic
         on conflict (row_id, topic) do update set
           answered = bench_floor_tallies.answered + 1,
           correct = bench_floor_tallies.correct + excluded.correct
       ), student as (
         update bench_floor_rows set version = version + $4 where id = $1
       )
       update bench_floor_finishes set version = version + 1, result = $5::jsonb where row_id = $1`,
      [
        row,
        JSON.stringify(items),
        JSON.stringify(topics),
        score,
        JSON.stringify({ score, total: items.length }),
      ],
    );
    await client.query('commit');
    return { score, total: items.length };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  } else {
    // BENCH_CPU_PROF profiles the product's server only.
    process.send?.({ done: true });
  }
});
process.send?.({ url: `http://127.0.0.1:${port}` });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0));
});
