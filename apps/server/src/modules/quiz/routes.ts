import {
  answerParamsSchema,
  attemptParamsSchema,
  attemptStateSchema,
  questionParamsSchema,
  quizHomeSchema,
  reportItemRequestSchema,
  reportItemResponseSchema,
  reviewerParamsSchema,
  saveAnswerRequestSchema,
  saveAnswerResponseSchema,
  startLiteRequestSchema,
} from '@pasado/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/session-plugin.ts';
import { requireReviewerAccess } from '../content/reviewers.repository.ts';
import {
  type AttemptReply,
  getAttempt,
  SerializedAttemptState,
  saveAnswer,
  startLite,
  startOrResumeMock,
  submitAttempt,
} from './attempts.ts';
import { quizHome } from './home.ts';
import { reportItem } from './reports.ts';

/**
 * Quizzes under /api/learning/:reviewer (issue 4: quiz home, lite quiz, mock exam). Every route
 * checks the reviewer grant first (403 otherwise), so the content is refused as the screens are.
 */
/**
 * Sends an attempt: as the database serialised it in the contract's shape (issue 10: the 170-item
 * resume), or an object through the route's response schema.
 */
function sendAttempt(reply: FastifyReply, state: AttemptReply, code = 200): FastifyReply {
  reply.code(code);
  if (state instanceof SerializedAttemptState) {
    return reply.type('application/json; charset=utf-8').send(state.body);
  }
  return reply.send(state);
}

export async function learningRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  async function access(request: FastifyRequest, reviewer: string) {
    const session = requireSession(request);
    const granted = await requireReviewerAccess(db, session.userId, reviewer);
    return { session, reviewer: granted };
  }

  typed.get(
    '/:reviewer/quiz-home',
    { schema: { params: reviewerParamsSchema, response: { 200: quizHomeSchema } } },
    async (request, reply) => {
      const { session, reviewer } = await access(request, request.params.reviewer);
      // Quiz state changes by the second (the mock's clock); never cache it.
      reply.header('cache-control', 'no-store');
      return quizHome(db, session.userId, reviewer, request.server.clock.now());
    },
  );

  typed.post(
    '/:reviewer/lite',
    {
      schema: {
        params: reviewerParamsSchema,
        body: startLiteRequestSchema,
        response: { 201: attemptStateSchema },
      },
    },
    async (request, reply) => {
      const { session, reviewer } = await access(request, request.params.reviewer);
      const state = await startLite(
        db,
        session.userId,
        reviewer.shorthand,
        request.body,
        request.server.clock.now(),
      );
      return sendAttempt(reply, state, 201);
    },
  );

  typed.post(
    '/:reviewer/mock',
    {
      schema: {
        params: reviewerParamsSchema,
        response: { 200: attemptStateSchema, 201: attemptStateSchema },
      },
    },
    async (request, reply) => {
      const { session, reviewer } = await access(request, request.params.reviewer);
      const { state, resumed } = await startOrResumeMock(
        db,
        session.userId,
        reviewer.shorthand,
        request.server.clock.now(),
      );
      return sendAttempt(reply, state, resumed ? 200 : 201);
    },
  );

  typed.get(
    '/:reviewer/attempts/:attemptId',
    { schema: { params: attemptParamsSchema, response: { 200: attemptStateSchema } } },
    async (request, reply) => {
      const { session, reviewer } = await access(request, request.params.reviewer);
      reply.header('cache-control', 'no-store');
      const state = await getAttempt(
        db,
        session.userId,
        reviewer.shorthand,
        request.params.attemptId,
        request.server.clock.now(),
      );
      return sendAttempt(reply, state);
    },
  );

  typed.put(
    '/:reviewer/attempts/:attemptId/answers/:questionId',
    {
      schema: {
        params: answerParamsSchema,
        body: saveAnswerRequestSchema,
        response: { 200: saveAnswerResponseSchema },
      },
    },
    async (request) => {
      const { session, reviewer } = await access(request, request.params.reviewer);
      const { attemptId, questionId } = request.params;
      return saveAnswer(
        db,
        session.userId,
        reviewer.shorthand,
        attemptId,
        questionId,
        request.body,
        request.server.clock.now(),
      );
    },
  );

  typed.post(
    '/:reviewer/attempts/:attemptId/submit',
    { schema: { params: attemptParamsSchema, response: { 200: attemptStateSchema } } },
    async (request, reply) => {
      const { session, reviewer } = await access(request, request.params.reviewer);
      const state = await submitAttempt(
        db,
        session.userId,
        reviewer.shorthand,
        request.params.attemptId,
        request.server.clock.now(),
      );
      return sendAttempt(reply, state);
    },
  );

  typed.post(
    '/:reviewer/questions/:questionId/report',
    {
      schema: {
        params: questionParamsSchema,
        body: reportItemRequestSchema,
        response: { 201: reportItemResponseSchema },
      },
    },
    async (request, reply) => {
      const { session, reviewer } = await access(request, request.params.reviewer);
      await reportItem(
        db,
        session.userId,
        reviewer.shorthand,
        request.params.questionId,
        request.body.reason,
        request.server.clock.now(),
      );
      return reply.code(201).send({ status: 'open' as const });
    },
  );
}
