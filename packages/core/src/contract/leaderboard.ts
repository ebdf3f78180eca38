import { z } from 'zod';
import { SEASON_PHASES } from '../leaderboard.ts';
import { isoDateSchema } from './common.ts';

/** GET /api/leaderboard?board=week|season (issue 5: the open season and this Manila week). */
export const leaderboardQuerySchema = z.object({
  board: z.enum(['week', 'season']).default('week'),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number().int().positive(),
  name: z.string(),
  initials: z.string(),
  level: z.string(),
  points: z.number().int().nonnegative(),
  isMe: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardResponseSchema = z.object({
  board: z.enum(['week', 'season']),
  /** The period shown; null when no season is open. */
  period: z.object({ name: z.string(), startsAt: isoDateSchema, endsAt: isoDateSchema }).nullable(),
  top: z.array(leaderboardEntrySchema),
  /** The student's own standing, also when outside the top; null before their first point. */
  me: z
    .object({ rank: z.number().int().positive(), points: z.number().int().nonnegative() })
    .nullable(),
  /** Students with points on this board. */
  ranked: z.number().int().nonnegative(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/** Staff: seasons (docs/product.md#staff). */
export const seasonSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['open', 'closed']),
  startsAt: isoDateSchema,
  expiryDate: isoDateSchema,
  createdAt: isoDateSchema,
  /** Where it stands at the server's now (core `seasonPhase`): `scheduled` has not started. */
  phase: z.enum(SEASON_PHASES),
});
export type Season = z.infer<typeof seasonSchema>;
export const seasonsResponseSchema = z.object({ seasons: z.array(seasonSchema) });

export const openSeasonInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the season a name.').max(80),
    startsAt: isoDateSchema,
    expiryDate: isoDateSchema,
  })
  .refine((s) => Date.parse(s.expiryDate) > Date.parse(s.startsAt), {
    message: 'The season must end after it starts.',
    path: ['expiryDate'],
  });
export type OpenSeasonInput = z.infer<typeof openSeasonInputSchema>;

/**
 * Staff: a student's day that looked implausible for a person (issue 21 finding 3; core
 * fair-play.ts), with its reasons and figures. Never acted on by itself.
 */
export const fairPlayFlagSchema = z.object({
  id: z.uuid(),
  student: z.object({ userId: z.uuid(), email: z.string(), displayName: z.string().nullable() }),
  /** The Manila day, YYYY-MM-DD. */
  day: z.string(),
  reasons: z.array(z.enum(['fastPace', 'nearPerfect', 'dailyCap'])),
  evidence: z.object({
    answers: z.number().int(),
    correct: z.number().int(),
    seconds: z.number().int(),
    gems: z.number().int(),
    cappedFinishes: z.number().int(),
  }),
  createdAt: z.iso.datetime({ offset: true }),
});
export type FairPlayFlag = z.infer<typeof fairPlayFlagSchema>;
export const fairPlayFlagsResponseSchema = z.object({ flags: z.array(fairPlayFlagSchema) });
export type FairPlayFlagsResponse = z.infer<typeof fairPlayFlagsResponseSchema>;
