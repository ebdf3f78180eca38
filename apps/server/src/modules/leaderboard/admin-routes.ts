import { openSeasonInputSchema, seasonSchema, seasonsResponseSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/session.ts';
import { closeSeason, listSeasons, startSeason } from './seasons.ts';

/** Staff console: seasons, under /api/admin/seasons (staff open and close leaderboard seasons). */
export async function adminSeasonsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get('/', { schema: { response: { 200: seasonsResponseSchema } } }, async (request) => ({
    seasons: await listSeasons(db, request.server.clock.now()),
  }));

  typed.post(
    '/',
    { schema: { body: openSeasonInputSchema, response: { 200: seasonSchema } } },
    async (request) => {
      const session = requireSession(request);
      return startSeason(db, request.body, session, request.server.clock.now());
    },
  );

  typed.post(
    '/:id/close',
    { schema: { params: z.object({ id: z.uuid() }), response: { 200: seasonSchema } } },
    async (request) => {
      const session = requireSession(request);
      return closeSeason(db, request.params.id, session, request.server.clock.now());
    },
  );
}
