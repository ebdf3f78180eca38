import {
  adminSittingInputSchema,
  adminSittingParamsSchema,
  adminSittingResponseSchema,
  adminSittingsResponseSchema,
  CONTENT_FILE_MAX_CHARS,
  contentImportRequestSchema,
  contentImportResponseSchema,
  fixReportRequestSchema,
  reportActionResponseSchema,
  reportedItemsResponseSchema,
  reporterDismissResponseSchema,
  reportSettingsSchema,
} from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/session.ts';
import {
  changeSitting,
  createSitting,
  listSittingsForStaff,
  removeSitting,
} from './exam-sittings.ts';
import { importFromConsole } from './import-content-file.ts';
import {
  changeReportSettings,
  clearAllReportsOn,
  clearReport,
  dismissReporter,
  fixReport,
  holdReportedItem,
  listReportQueue,
  reportSettings,
} from './reported-items.ts';

const reportParams = z.object({ id: z.uuid() });
const reporterParams = z.object({ userId: z.uuid() });

/**
 * Staff console: content, under /api/admin/content (admin only, checked by the parent plugin).
 * Import a content file (dry run first) and work the queue of items students reported as wrong
 * (and items analysis flagged); the figures themselves are the quiz module's (quiz/admin-routes.ts).
 */
export async function adminContentRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  // 200 with `ok: false` and the line-numbered errors when the file has problems: the request was
  // well-formed, and the console shows the list; nothing is written in that case.
  typed.post(
    '/import',
    {
      // The file travels as JSON text inside a JSON body; escaping can nearly double its size.
      bodyLimit: CONTENT_FILE_MAX_CHARS * 2 + 64 * 1024,
      schema: {
        body: contentImportRequestSchema,
        response: { 200: contentImportResponseSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return importFromConsole(db, session, request.body);
    },
  );

  typed.get('/reports', { schema: { response: { 200: reportedItemsResponseSchema } } }, () =>
    listReportQueue(db),
  );

  typed.post(
    '/reports/:id/clear',
    { schema: { params: reportParams, response: { 200: reportActionResponseSchema } } },
    async (request) => {
      const session = requireSession(request);
      return clearReport(db, request.params.id, session, request.server.clock.now());
    },
  );

  // Issue 21 finding 2: staff act on all of an item's reports, or a reporter's whole history, at once.
  for (const [action, run] of [
    ['hold', holdReportedItem],
    ['clear-all', clearAllReportsOn],
  ] as const) {
    typed.post(
      `/reports/:id/${action}`,
      { schema: { params: reportParams, response: { 200: reportActionResponseSchema } } },
      async (request) => {
        const session = requireSession(request);
        return run(db, request.params.id, session, request.server.clock.now());
      },
    );
  }

  typed.post(
    '/reporters/:userId/dismiss',
    { schema: { params: reporterParams, response: { 200: reporterDismissResponseSchema } } },
    async (request) => {
      const session = requireSession(request);
      return dismissReporter(db, request.params.userId, session, request.server.clock.now());
    },
  );

  typed.get('/report-settings', { schema: { response: { 200: reportSettingsSchema } } }, async () =>
    reportSettings(db),
  );

  typed.put(
    '/report-settings',
    { schema: { body: reportSettingsSchema, response: { 200: reportSettingsSchema } } },
    async (request) => {
      const session = requireSession(request);
      return changeReportSettings(db, request.body, session, request.server.clock.now());
    },
  );

  typed.post(
    '/reports/:id/fix',
    {
      schema: {
        params: reportParams,
        body: fixReportRequestSchema,
        response: { 200: reportActionResponseSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return fixReport(
        db,
        request.params.id,
        request.body.question,
        session,
        request.server.clock.now(),
      );
    },
  );

  // Official exam sittings (issue 23 item 1): add, change, remove; each audited.
  typed.get('/sittings', { schema: { response: { 200: adminSittingsResponseSchema } } }, async () =>
    listSittingsForStaff(db),
  );

  typed.post(
    '/sittings',
    { schema: { body: adminSittingInputSchema, response: { 200: adminSittingResponseSchema } } },
    async (request) => {
      const session = requireSession(request);
      const now = request.server.clock.now();
      return { sitting: await createSitting(db, request.body, session, now) };
    },
  );

  typed.put(
    '/sittings/:id',
    {
      schema: {
        params: adminSittingParamsSchema,
        body: adminSittingInputSchema,
        response: { 200: adminSittingResponseSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const now = request.server.clock.now();
      return { sitting: await changeSitting(db, request.params.id, request.body, session, now) };
    },
  );

  typed.delete(
    '/sittings/:id',
    { schema: { params: adminSittingParamsSchema } },
    async (request, reply) => {
      const session = requireSession(request);
      await removeSitting(db, request.params.id, session);
      return reply.code(204).send();
    },
  );
}
