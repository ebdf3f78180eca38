import {
  answerParamsSchema,
  attemptParamsSchema,
  attemptStateSchema,
  offlineLiteAttemptSchema,
  questionParamsSchema,
  quizHomeSchema,
  reportItemRequestSchema,
  reportItemResponseSchema,
  reviewerParamsSchema,
  saveAnswerRequestSchema,
  saveAnswerResponseSchema,
  sittingParamsSchema,
  startLiteRequestSchema,
} from '@pasado/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceTimeOf } from '../../platform/device-time.ts';
import { requireSession } from '../../platform/session.ts';
import { replyVersionedBody } from '../../platform/versioned-json.ts';
import { requireContentAccess } from '../account/content-access.ts';
import { sentWithOf } from '../auth/session-plugin.ts';
import { requireReviewerAccess } from '../content/reviewers.ts';
import { type AttemptReply, SerializedAttemptState } from './attempt-reply.ts';
import { finishSitting, startSitting, submitAttempt } from './change-attempt.ts';
import { forYouKitBody } from './for-you.ts';
import { type CardsTodayReader, quizHome } from './home.ts';
import { offlineLitePool, receiveOfflineLite } from './offline-lite.ts';
import { reportItem } from './reports.ts';
import { getAttempt } from './resume-attempt.ts';
import { saveAnswer } from './save-answer.ts';
import { startLite } from './start-lite.ts';
import { startOrResumeMock } from './start-mock.ts';

/**
 * Quizzes under /api/quiz/:reviewer (issue 4: quiz home, lite quiz, mock exam). Every route
 * checks the reviewer grant first (403 otherwise), so the content is refused as the screens are;
 * reading content and starting an attempt also need a subscription that gives access now (issue
 * 21, access/service.ts), while finishing an open mock needs only the grant.
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

export async function quizRoutes(app: FastifyInstance, options: { cardsToday: CardsTodayReader }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  /** The signed-in student, granted the URL's reviewer (403 otherwise), and the server's now. */
  async function caller(request: FastifyRequest, reviewer: string) {
    const session = requireSession(request);
    const granted = await requireReviewerAccess(db, session.userId, reviewer);
    return { userId: session.userId, reviewer: granted, now: request.server.clock.now() };
  }

  /** As `caller`, for content and new attempts: a subscription that gives access now, too. */
  async function subscriber(request: FastifyRequest, reviewer: string) {
    const session = requireSession(request);
    const now = request.server.clock.now();
    const granted = await requireContentAccess(db, session.userId, reviewer, now);
    return { userId: session.userId, reviewer: granted, now };
  }

  typed.get(
    '/:reviewer/quiz-home',
    { schema: { params: reviewerParamsSchema, response: { 200: quizHomeSchema } } },
    async (request, reply) => {
      const c = await subscriber(request, request.params.reviewer);
      // Quiz state changes by the second (the mock's clock); never cache it.
      reply.header('cache-control', 'no-store');
      return quizHome(db, c.userId, c.reviewer, c.now, options.cardsToday);
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
      config: { checksSessionInWrite: true },
    },
    // The daily path (issue 25, ADR 036): the session may come from the cache because the start's
    // one read checks it again, with the paywall.
    async (request, reply) => {
      const now = request.server.clock.now();
      const starter = {
        userId: requireSession(request).userId,
        reviewer: request.params.reviewer,
        ...sentWithOf(request, reply, db, now),
      };
      return sendAttempt(reply, await startLite(db, starter, request.body, now), 201);
    },
  );

  // Issue 11: the lite items a device keeps for offline quizzes. The same for every student while
  // the bank is unchanged, so a device's refresh with the kept ETag costs a 304. `private`: only
  // the student's own browser may keep it (a granted reviewer's content, with keys).
  typed.get(
    '/:reviewer/offline-items',
    { schema: { params: reviewerParamsSchema } },
    async (request, reply) => {
      const c = await subscriber(request, request.params.reviewer);
      const body = await offlineLitePool(db, c.reviewer.shorthand);
      return replyVersionedBody(request, reply, body, 'private, no-cache');
    },
  );

  // Issue 23 item 4 (ADR 032): what the phone keeps to choose For-you sets offline — the student's
  // own model and item histories, so `private`; a finished set changes it, and the kept ETag makes
  // an unchanged refresh a 304.
  typed.get(
    '/:reviewer/offline-for-you',
    { schema: { params: reviewerParamsSchema } },
    async (request, reply) => {
      const c = await subscriber(request, request.params.reviewer);
      const body = await forYouKitBody(db, c.userId, c.reviewer.shorthand, c.now);
      return replyVersionedBody(request, reply, body, 'private, no-cache');
    },
  );

  // Issue 11: a lite quiz taken offline, sent from the outbox; graded again here.
  typed.post(
    '/:reviewer/lite/offline-attempts',
    {
      schema: {
        params: reviewerParamsSchema,
        body: offlineLiteAttemptSchema,
        response: { 200: attemptStateSchema, 201: attemptStateSchema },
      },
    },
    async (request, reply) => {
      const c = await caller(request, request.params.reviewer);
      const { state, created } = await receiveOfflineLite(
        db,
        c.userId,
        c.reviewer.shorthand,
        request.body,
        c.now,
        deviceTimeOf(request),
      );
      return sendAttempt(reply, state, created ? 201 : 200);
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
      const c = await caller(request, request.params.reviewer);
      const { state, resumed } = await startOrResumeMock(db, c.userId, c.reviewer.shorthand, c.now);
      return sendAttempt(reply, state, resumed ? 200 : 201);
    },
  );

  typed.get(
    '/:reviewer/attempts/:attemptId',
    { schema: { params: attemptParamsSchema, response: { 200: attemptStateSchema } } },
    // The exam-night resume checks the grant in its own read (issue 10).
    async (request, reply) => {
      const { reviewer, attemptId } = request.params;
      const { userId } = requireSession(request);
      reply.header('cache-control', 'no-store');
      return sendAttempt(
        reply,
        await getAttempt(db, userId, reviewer, attemptId, request.server.clock.now()),
      );
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
      config: { checksSessionInWrite: true },
    },
    // The hottest write of exam night (issue 10, ADR 021): the session may come from the cache
    // because the write checks it again, and the grant is checked inside the save.
    async (request, reply) => {
      const { reviewer, attemptId, questionId } = request.params;
      const now = request.server.clock.now();
      const { session, confirmSession } = sentWithOf(request, reply, db, now);
      const save = {
        userId: requireSession(request).userId,
        reviewer,
        attemptId,
        questionId,
        input: request.body,
        now,
        session,
      };
      return saveAnswer(db, save, confirmSession);
    },
  );

  typed.post(
    '/:reviewer/attempts/:attemptId/submit',
    {
      schema: { params: attemptParamsSchema, response: { 200: attemptStateSchema } },
      config: { checksSessionInWrite: true },
    },
    // The session may come from the cache: the lock checks it, with the grant (ADR 036).
    async (request, reply) => {
      const { reviewer, attemptId } = request.params;
      const now = request.server.clock.now();
      const { userId } = requireSession(request);
      const sent = sentWithOf(request, reply, db, now);
      return sendAttempt(reply, await submitAttempt(db, userId, reviewer, attemptId, now, sent));
    },
  );

  // A mock in sittings (issue 12 item 4): "Finish Part n", then "Start Part n + 1" when ready.
  for (const [action, run] of [
    ['finish', finishSitting],
    ['start', startSitting],
  ] as const) {
    typed.post(
      `/:reviewer/attempts/:attemptId/sittings/:sitting/${action}`,
      {
        schema: { params: sittingParamsSchema, response: { 200: attemptStateSchema } },
        config: { checksSessionInWrite: true },
      },
      async (request, reply) => {
        const { reviewer, attemptId, sitting } = request.params;
        const now = request.server.clock.now();
        const { userId } = requireSession(request);
        const sent = sentWithOf(request, reply, db, now);
        return sendAttempt(reply, await run(db, userId, reviewer, attemptId, sitting, now, sent));
      },
    );
  }

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
      const c = await subscriber(request, request.params.reviewer);
      const { questionId } = request.params;
      await reportItem(db, c.userId, c.reviewer.shorthand, questionId, request.body.reason, c.now);
      return reply.code(201).send({ status: 'open' as const });
    },
  );
}
