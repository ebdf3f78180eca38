import {
  drillAnswerRequestSchema,
  drillAnswerResponseSchema,
  drillResultSchema,
  drillRunSchema,
  drillStartRequestSchema,
  flashQueueResponseSchema,
  flashReviewRequestSchema,
  flashReviewResponseSchema,
  noteReadRequestSchema,
  noteReadResponseSchema,
  phoneTimeOnServerClock,
  studyAttemptParamsSchema,
  studyNoteParamsSchema,
  studyOfflinePackSchema,
  studyOfflineProgressSchema,
  studyOverviewSchema,
  studyReviewerParamsSchema,
  studyReviewersResponseSchema,
  studyScopeSchema,
  studySessionFinishRequestSchema,
  studySessionFinishResponseSchema,
  studyTopicParamsSchema,
  topicCardsResponseSchema,
  topicNotesResponseSchema,
} from '@pasado/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceTimeOf } from '../../platform/device-time.ts';
import { requireSession } from '../../platform/session.ts';
import { replyVersioned } from '../../platform/versioned-json.ts';
import { requireContentAccess } from '../account/content-access.ts';
import { sentWithOf } from '../auth/session-plugin.ts';
import { answerDrill, finishDrill, startDrill } from './drill.ts';
import { flashQueue, reviewCard } from './flash.ts';
import { markNoteRead, topicCards, topicNotes } from './notes.ts';
import { studyOfflinePack, studyOfflineProgress } from './offline.ts';
import { finishStudySession, studyOverview, studyReviewers } from './overview.ts';

/**
 * Study modes under /api/study (issue 4 item 6: launcher, flash, read, listen, drill). The session
 * is required by the enclosing scope; every route under a reviewer also checks that reviewer's
 * `Granted` claim (reviewer_access) and a subscription that gives access now (issue 21,
 * access/service.ts), answering 403 with the reason without them.
 */
export async function studyRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  const access = async (request: FastifyRequest, shorthand: string) => {
    const session = requireSession(request);
    const now = request.server.clock.now();
    const reviewer = await requireContentAccess(db, session.userId, shorthand, now);
    return { userId: session.userId, reviewer };
  };

  typed.get(
    '/',
    { schema: { response: { 200: studyReviewersResponseSchema } } },
    async (request) => {
      return studyReviewers(db, requireSession(request).userId);
    },
  );

  typed.get(
    '/:reviewer',
    { schema: { params: studyReviewerParamsSchema, response: { 200: studyOverviewSchema } } },
    async (request) => {
      const { userId, reviewer } = await access(request, request.params.reviewer);
      return studyOverview(db, userId, reviewer, request.server.clock.now());
    },
  );

  typed.get(
    '/:reviewer/flash',
    {
      schema: {
        params: studyReviewerParamsSchema,
        querystring: studyScopeSchema,
        response: { 200: flashQueueResponseSchema },
      },
    },
    async (request) => {
      const { userId, reviewer } = await access(request, request.params.reviewer);
      return flashQueue(db, userId, reviewer.shorthand, request.query, request.server.clock.now());
    },
  );

  typed.post(
    '/:reviewer/flash/reviews',
    {
      schema: {
        params: studyReviewerParamsSchema,
        body: flashReviewRequestSchema,
        response: { 200: flashReviewResponseSchema },
      },
      config: { checksSessionInWrite: true },
    },
    // The daily path (issue 25, ADR 036): the session may come from the cache because the rating's
    // lock statement checks it again, with the paywall.
    async (request, reply) => {
      const now = request.server.clock.now();
      const rater = {
        userId: requireSession(request).userId,
        reviewer: request.params.reviewer,
        ...sentWithOf(request, reply, db, now),
      };
      // Given offline, the rating's time is the phone's: moved onto this clock as it is sent.
      const given = phoneTimeOnServerClock(request.body.reviewedAt, deviceTimeOf(request), now);
      const review = given ? { ...request.body, reviewedAt: given.toISOString() } : request.body;
      return reviewCard(db, rater, review, now);
    },
  );

  // Kept on the phone for offline study (issue 11; ADR 019). Versioned by a strong ETag: the phone
  // asks with If-None-Match and an unchanged answer is a 304 with no body. The pack is the same
  // for every student of the reviewer (`no-cache`: the browser may keep it but must ask first);
  // the progress is the student's own and stays out of the browser's HTTP cache, which outlives
  // a sign-out on a shared phone.
  typed.get(
    '/:reviewer/offline-pack',
    { schema: { params: studyReviewerParamsSchema } },
    async (request, reply) => {
      const { reviewer } = await access(request, request.params.reviewer);
      const pack = await studyOfflinePack(db, reviewer);
      return replyVersioned(request, reply, studyOfflinePackSchema, pack, 'private, no-cache');
    },
  );

  typed.get(
    '/:reviewer/offline-progress',
    { schema: { params: studyReviewerParamsSchema } },
    async (request, reply) => {
      const { userId, reviewer } = await access(request, request.params.reviewer);
      const progress = await studyOfflineProgress(db, userId, reviewer.shorthand);
      return replyVersioned(
        request,
        reply,
        studyOfflineProgressSchema,
        progress,
        'private, no-store',
      );
    },
  );

  typed.get(
    '/:reviewer/topics/:topicId/notes',
    { schema: { params: studyTopicParamsSchema, response: { 200: topicNotesResponseSchema } } },
    async (request) => {
      const { userId, reviewer } = await access(request, request.params.reviewer);
      return topicNotes(db, userId, reviewer.shorthand, request.params.topicId);
    },
  );

  typed.get(
    '/:reviewer/topics/:topicId/cards',
    { schema: { params: studyTopicParamsSchema, response: { 200: topicCardsResponseSchema } } },
    async (request) => {
      const { reviewer } = await access(request, request.params.reviewer);
      return topicCards(db, reviewer.shorthand, request.params.topicId);
    },
  );

  typed.post(
    '/:reviewer/notes/:noteId/read',
    {
      schema: {
        params: studyNoteParamsSchema,
        body: noteReadRequestSchema,
        response: { 200: noteReadResponseSchema },
      },
    },
    async (request) => {
      const { userId, reviewer } = await access(request, request.params.reviewer);
      return markNoteRead(
        db,
        userId,
        reviewer.shorthand,
        request.params.noteId,
        request.body,
        request.server.clock.now(),
      );
    },
  );

  typed.post(
    '/:reviewer/sessions/finish',
    {
      schema: {
        params: studyReviewerParamsSchema,
        body: studySessionFinishRequestSchema,
        response: { 200: studySessionFinishResponseSchema },
      },
    },
    async (request) => {
      const { userId, reviewer } = await access(request, request.params.reviewer);
      const now = request.server.clock.now();
      return finishStudySession(
        db,
        userId,
        reviewer.shorthand,
        now,
        phoneTimeOnServerClock(request.body.finishedAt, deviceTimeOf(request), now),
      );
    },
  );

  typed.post(
    '/:reviewer/drill',
    {
      schema: {
        params: studyReviewerParamsSchema,
        body: drillStartRequestSchema,
        response: { 200: drillRunSchema },
      },
    },
    async (request) => {
      const { userId, reviewer } = await access(request, request.params.reviewer);
      return startDrill(db, userId, reviewer.shorthand, request.body, request.server.clock.now());
    },
  );

  typed.post(
    '/:reviewer/drill/:attemptId/answers',
    {
      schema: {
        params: studyAttemptParamsSchema,
        body: drillAnswerRequestSchema,
        response: { 200: drillAnswerResponseSchema },
      },
    },
    async (request) => {
      const { userId, reviewer } = await access(request, request.params.reviewer);
      return answerDrill(
        db,
        userId,
        reviewer.shorthand,
        request.params.attemptId,
        request.body,
        request.server.clock.now(),
      );
    },
  );

  typed.post(
    '/:reviewer/drill/:attemptId/finish',
    { schema: { params: studyAttemptParamsSchema, response: { 200: drillResultSchema } } },
    async (request) => {
      const { userId, reviewer } = await access(request, request.params.reviewer);
      return finishDrill(
        db,
        userId,
        reviewer.shorthand,
        request.params.attemptId,
        request.server.clock.now(),
      );
    },
  );
}
