import {
  approveMatchedBodySchema,
  approveMatchedResultSchema,
  dashboardQuerySchema,
  dashboardSchema,
  reconciliationViewSchema,
  STATEMENT_MESSAGES,
  statementMappingListSchema,
  statementMappingSchema,
  statementUploadQuerySchema,
  statementUploadResultSchema,
} from '@pasado/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireSession } from '../../platform/session.ts';
import { staffDashboard } from './dashboard.service.ts';
import {
  addStatementMapping,
  approveMatched,
  importStatement,
  reconciliationView,
  statementMappingList,
} from './reconciliation.service.ts';
import { CSV_STATEMENT_MAX_BYTES } from './statements/statement-file.ts';

/**
 * Staff console: reconciliation against the receiving account's statement (issue 26), under
 * /api/admin/payments. The parent plugin refuses anyone but staff. A statement travels as the raw
 * request body (CSV or PDF, told apart by its bytes); a protected PDF's password in the
 * `x-statement-password` header, percent-encoded. Neither is stored nor logged.
 */
export async function adminReconciliationRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { autoApproveMatched } = app.config;

  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: CSV_STATEMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  typed.get(
    '/statement-mappings',
    { schema: { response: { 200: statementMappingListSchema } } },
    async () => statementMappingList(db),
  );

  typed.post(
    '/statement-mappings',
    { schema: { body: statementMappingSchema, response: { 201: statementMappingListSchema } } },
    async (request, reply) => {
      const session = requireSession(request);
      const list = await addStatementMapping(db, {
        mapping: request.body,
        staff: { userId: session.userId, email: session.email },
      });
      return reply.status(201).send(list);
    },
  );

  typed.post(
    '/statements',
    {
      bodyLimit: CSV_STATEMENT_MAX_BYTES,
      schema: {
        querystring: statementUploadQuerySchema,
        response: { 201: statementUploadResultSchema },
      },
      // A refusal's message can quote a cell of the statement: it goes to the staff member who
      // sent the file and never into the log (issue 26 item 5).
      errorHandler: statementErrorHandler,
    },
    async (request, reply) => {
      const session = requireSession(request);
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new AppError('INVALID_ARGUMENT', STATEMENT_MESSAGES.EMPTY);
      const result = await importStatement(db, {
        bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
        mappingId: request.query.mapping,
        password: statementPassword(request.headers['x-statement-password']),
        staff: { userId: session.userId, email: session.email },
        now: request.server.clock.now(),
        autoApprove: autoApproveMatched,
      });
      return reply.status(201).send(result);
    },
  );

  // The business at a glance (issue 26 item 4), in Manila weeks.
  typed.get(
    '/dashboard',
    { schema: { querystring: dashboardQuerySchema, response: { 200: dashboardSchema } } },
    async (request) =>
      staffDashboard(db, { now: request.server.clock.now(), weeks: request.query.weeks }),
  );

  typed.get(
    '/reconciliation',
    { schema: { response: { 200: reconciliationViewSchema } } },
    async (request) =>
      reconciliationView(db, { now: request.server.clock.now(), autoApproveMatched }),
  );

  typed.post(
    '/reconciliation/approve-matched',
    { schema: { body: approveMatchedBodySchema, response: { 200: approveMatchedResultSchema } } },
    async (request) => {
      const session = requireSession(request);
      return approveMatched(db, {
        only: request.body.subscriptionIds,
        actor: {
          roles: ['staff'],
          userId: session.userId,
          email: session.email,
          via: 'reconciliation',
        },
        now: request.server.clock.now(),
      });
    },
  );
}

const MAX_PASSWORD = 200;

/** The PDF's password from its header, or null; used once to open the file and dropped. */
function statementPassword(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return null;
  if (raw.length > MAX_PASSWORD * 3) {
    throw new AppError('INVALID_ARGUMENT', 'That password is too long.', 'pdfPasswordWrong');
  }
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new AppError('INVALID_ARGUMENT', 'That password could not be read.', 'pdfPasswordWrong');
  }
}

/** Answers as the app's error handler does, but logs only the code and reason of a refusal. */
function statementErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    error = new AppError(
      'INVALID_ARGUMENT',
      STATEMENT_MESSAGES.TOO_LARGE(CSV_STATEMENT_MAX_BYTES / 1024 / 1024),
      'tooLarge',
    ) as unknown as FastifyError;
    reply.status(413);
  }
  if (error instanceof AppError && error.httpStatus < 500) {
    request.log.info(
      { status: error.httpStatus, code: error.code, reason: error.reason },
      'statement refused',
    );
    return reply.status(reply.statusCode === 413 ? 413 : error.httpStatus).send({
      error: {
        status: error.code,
        message: error.message,
        ...(error.reason === undefined ? {} : { reason: error.reason }),
      },
      requestId: request.id,
    });
  }
  throw error;
}
