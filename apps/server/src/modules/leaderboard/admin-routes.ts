import {
  openSeasonInputSchema,
  type Season,
  seasonSchema,
  seasonsResponseSchema,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors/app-error.ts';
import { requireSession } from '../auth/session-plugin.ts';
import { closeSeason, listSeasons, type SeasonRow, startSeason } from './seasons.ts';

const toSeason = (row: SeasonRow): Season => ({
  id: row.id,
  name: row.name,
  status: row.status,
  startsAt: row.startsAt.toISOString(),
  expiryDate: row.expiryDate.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** Staff console: seasons, under /api/admin/seasons (staff open and close leaderboard seasons). */
export async function adminSeasonsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get('/', { schema: { response: { 200: seasonsResponseSchema } } }, async () => ({
    seasons: (await listSeasons(db)).map(toSeason),
  }));

  typed.post(
    '/',
    { schema: { body: openSeasonInputSchema, response: { 200: seasonSchema } } },
    async (request) => {
      const session = requireSession(request);
      return toSeason(
        await startSeason(db, request.body, { userId: session.userId, email: session.email }),
      );
    },
  );

  typed.post(
    '/:id/close',
    { schema: { params: z.object({ id: z.uuid() }), response: { 200: seasonSchema } } },
    async (request) => {
      const session = requireSession(request);
      const season = await closeSeason(db, request.params.id, {
        userId: session.userId,
        email: session.email,
      });
      if (!season) throw notFound('No such season.');
      return toSeason(season);
    },
  );
}
