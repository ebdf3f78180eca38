import {
  itemAnalysisRunResponseSchema,
  itemStatsQuerySchema,
  itemStatsResponseSchema,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listItemStatsPage, runItemAnalysis } from './item-analysis.ts';

/**
 * Staff console, under /api/admin/content: the item-analysis figures the quiz module computes from
 * students' answers (docs/decisions/017-item-analysis.md).
 */
export async function adminItemAnalysisRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  // What the scheduled job last stored: reading it never computes (issue 12 item 6).
  typed.get(
    '/item-stats',
    {
      schema: { querystring: itemStatsQuerySchema, response: { 200: itemStatsResponseSchema } },
    },
    async (request) => listItemStatsPage(db, request.query),
  );

  // Staff need not wait for the hour after a batch of mocks: the same job, now.
  typed.post(
    '/item-analysis/run',
    { schema: { response: { 200: itemAnalysisRunResponseSchema } } },
    async (request) => runItemAnalysis(db, request.server.clock.now()),
  );
}
