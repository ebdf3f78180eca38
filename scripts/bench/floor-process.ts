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
    insert into bench_floor_rows (id) select g from generate_series(0, 999) g on conflict do nothing;`);
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
