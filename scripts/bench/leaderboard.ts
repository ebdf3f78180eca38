// Issue 5: ranking stays fast with a million students. Seeds 1,000,000 students with points on
// this week's board into a fresh PostgreSQL database, then times the top-50 and own-rank queries
// the API runs (apps/server/src/modules/leaderboard/ranking.read-model.ts). Goal: under 10 ms
// each. Prints figures; judges nothing. PostgreSQL from BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local server.
import { randomBytes } from 'node:crypto';
import { weekBoardKey } from '@pasado/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  rankOnBoard,
  topOfBoard,
} from '../../apps/server/src/modules/leaderboard/ranking.read-model.ts';
import {
  BAND_WIDTH,
  foldCountChanges,
} from '../../apps/server/src/modules/leaderboard/scores.repository.ts';
import { addLeaderboardPoints } from '../../apps/server/src/modules/leaderboard/scores.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
/** Count changes pending during the timed ranks (ADR 039): about a second of exam night. */
const PENDING = Number(process.env.BENCH_PENDING_CHANGES ?? 5_000);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const name = `pasado_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 4 });

const seconds = (from: bigint) => (Number(process.hrtime.bigint() - from) / 1e9).toFixed(1);
const board = weekBoardKey(new Date());

try {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  let started = process.hrtime.bigint();
  // Points follow a long tail (a few very active students, most with little), with many ties.
  await client.query(
    `INSERT INTO users (email, display_name, current_level)
     SELECT 'student' || g || '@bench.test', 'Student ' || g || ' Bench', 'emerald'
     FROM generate_series(1, $1) AS g`,
    [STUDENTS],
  );
  await client.query(
    `INSERT INTO leaderboard_scores (board, user_id, points, reached_at)
     SELECT $1, id, floor(20000 * power(random(), 3))::int + 1,
            now() - random() * interval '7 days'
     FROM users`,
    [board],
  );
  // The rank counts, as addLeaderboardPoints keeps them (apps/server/src/modules/leaderboard/scores.ts).
  await client.query(
    `INSERT INTO leaderboard_band_counts (board, band, students)
     SELECT board, points / ${BAND_WIDTH}, count(*) FROM leaderboard_scores WHERE board = $1 GROUP BY 1, 2`,
    [board],
  );
  await client.query(
    `INSERT INTO leaderboard_score_counts (board, points, students)
     SELECT board, points, count(*) FROM leaderboard_scores WHERE board = $1 GROUP BY 1, 2`,
    [board],
  );
  await client.query(
    `INSERT INTO leaderboard_tie_counts (board, points, hour, students)
     SELECT board, points, floor(extract(epoch FROM reached_at) / 3600)::int, count(*)
     FROM leaderboard_scores WHERE board = $1 GROUP BY 1, 2, 3`,
    [board],
  );
  await client.query('VACUUM ANALYZE users');
  await client.query('VACUUM ANALYZE leaderboard_scores');
  await client.query('VACUUM ANALYZE leaderboard_band_counts');
  await client.query('VACUUM ANALYZE leaderboard_score_counts');
  await client.query('VACUUM ANALYZE leaderboard_tie_counts');
  console.info(
    `seeded ${STUDENTS.toLocaleString('en')} students on ${board} in ${seconds(started)} s`,
  );

  // Students to look up: the leader, the middle, the tail, and a random spread.
  const { rows } = await client.query<{ user_id: string }>(
    `(SELECT user_id FROM leaderboard_scores WHERE board = $1 ORDER BY points DESC LIMIT 1)
     UNION ALL (SELECT user_id FROM leaderboard_scores WHERE board = $1 ORDER BY points ASC LIMIT 1)
     UNION ALL (SELECT user_id FROM leaderboard_scores TABLESAMPLE SYSTEM (1) WHERE board = $1 LIMIT 64)`,
    [board],
  );
  await client.end();
  const ids = rows.map((r) => r.user_id);

  const { db } = database;
  const time = async (run: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 20; i += 1) await run(i); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      started = process.hrtime.bigint();
      await run(i);
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) =>
      samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
    return `median ${at(0.5).toFixed(2)} ms   p95 ${at(0.95).toFixed(2)} ms   max ${at(1).toFixed(2)} ms`;
  };

  console.info(`${RUNS} runs each, after 20 warm-up runs, on PostgreSQL`);
  console.info(`top 50                 ${await time(() => topOfBoard(db, board))}`);
  console.info(
    `own rank (any student) ${await time((i) => rankOnBoard(db, board, ids[i % ids.length] ?? ''))}`,
  );
  console.info(`own rank (last place)  ${await time(() => rankOnBoard(db, board, ids[1] ?? ''))}`);
  console.info(
    `award points (write)  ${await time((i) => db.transaction((tx) => addLeaderboardPoints(tx, ids[i % ids.length] ?? '', 3, new Date())))}`,
  );
  // ADR 039: awards append their count changes, folded every second by the server; a rank adds the
  // ones not folded yet. Own rank with a second's worth of exam-night changes pending, then the
  // fold of them (each change paired with its opposite, so the ranks stay as they were).
  await foldCountChanges(db);
  await db.execute(sql`
    insert into leaderboard_count_changes (board, points, hour, delta)
    select ${board}, g.points, floor(extract(epoch from now()) / 3600)::int, d.delta
    from (select floor(20000 * power(random(), 3))::int + 1 as points
          from generate_series(1, ${PENDING / 2})) g,
         (values (1), (-1)) as d(delta)`);
  console.info(
    `own rank, ${PENDING.toLocaleString('en')} changes not folded  ${await time((i) => rankOnBoard(db, board, ids[i % ids.length] ?? ''))}`,
  );
  started = process.hrtime.bigint();
  const folded = await foldCountChanges(db);
  console.info(
    `fold of ${folded.toLocaleString('en')} changes  ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)} ms`,
  );
  const last = await rankOnBoard(db, board, ids[1] ?? '');
  console.info(`last place is rank ${last?.rank.toLocaleString('en')} with ${last?.points} points`);
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
