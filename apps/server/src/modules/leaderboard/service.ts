import {
  type LeaderboardQuery,
  type LeaderboardResponse,
  levelOrDefault,
  manilaWeekRange,
  publicIdentity,
  seasonBoardKey,
  weekBoardKey,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { rankedOnBoard, rankOnBoard, topOfBoard } from './ranking.read-model.ts';
import { findOpenSeason } from './seasons.repository.ts';

/**
 * A leaderboard as the student sees it (issue 5): this Manila week, or the open season (empty
 * without one); the top of the board in tie-rule order, the student's own rank and the count of
 * ranked students.
 */
export async function getLeaderboard(
  db: Db,
  userId: string,
  board: LeaderboardQuery['board'],
  now: Date,
): Promise<LeaderboardResponse> {
  let key: string;
  let period: LeaderboardResponse['period'];
  if (board === 'week') {
    const { start, end } = manilaWeekRange(now);
    key = weekBoardKey(now);
    period = { name: 'This week', startsAt: start.toISOString(), endsAt: end.toISOString() };
  } else {
    const season = await findOpenSeason(db, now);
    if (!season) return { board, period: null, top: [], me: null, ranked: 0 };
    key = seasonBoardKey(season.id);
    period = {
      name: season.name,
      startsAt: season.startsAt.toISOString(),
      endsAt: season.expiryDate.toISOString(),
    };
  }
  const [top, me, ranked] = await Promise.all([
    topOfBoard(db, key),
    rankOnBoard(db, key, userId),
    rankedOnBoard(db, key),
  ]);
  return {
    board,
    period,
    top: top.map((row, index) => ({
      rank: index + 1,
      ...publicIdentity(row.displayName),
      level: levelOrDefault(row.level),
      points: row.points,
      isMe: row.userId === userId,
    })),
    me,
    ranked,
  };
}
