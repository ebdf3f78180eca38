import { randomUUID } from 'node:crypto';
import {
  type BlueprintSpec,
  isTimeUp,
  type MockPlan,
  mockDeadline,
  planMock,
  planSittings,
  type Sitting,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireSubscriptionAccess } from '../account/content-access.ts';
import { findBlueprint, listBank } from '../content/bank.repository.ts';
import { majorChoice } from '../content/offers.ts';
import { ownReportedItems } from '../content/reported-items.ts';
import { MESSAGES_QUIZ } from './attempt-access.ts';
import { type AttemptReply, stateOf } from './attempt-reply.ts';
import {
  type AttemptHeader,
  insertMockUnlessOpen,
  loadOpenMockHeader,
} from './attempts.repository.ts';
import { settleExpired } from './finish-attempt.ts';
import { listSeenQuestionIds } from './seen.repository.ts';

/**
 * Starts a mock from the reviewer's blueprint, or resumes the unfinished one (its clock running).
 * The caller checked the grant; starting also needs the subscription, resuming does not.
 */
export async function startOrResumeMock(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<{ state: AttemptReply; resumed: boolean }> {
  const open = await findOpenMock(db, userId, reviewer, now);
  if (open) return { state: await stateOf(db, open.id, now), resumed: true };
  // A new mock is a new attempt: it needs a subscription that gives access now (issue 21).
  await requireSubscriptionAccess(db, userId, now);

  const blueprint = await findBlueprint(db, reviewer);
  if (!blueprint) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noMock);
  const [all, seen, major, reported] = await Promise.all([
    listBank(db, reviewer),
    listSeenQuestionIds(db, userId),
    majorChoice(db, userId, reviewer, blueprint.spec),
    ownReportedItems(db, userId),
  ]);
  // The items this student reported are held for them at once (issue 21).
  const bank = all.map((q) => (reported.has(q.id) ? { ...q, held: true } : q));
  if (major && major.current === null)
    throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.chooseMajor);
  const plan = planMock(blueprint.spec, bank, randomUUID(), {
    seen,
    major: major?.current ?? null,
  });
  if (plan.totalItems === 0) throw new AppError('FAILED_PRECONDITION', MESSAGES_QUIZ.noItems);
  // The partial unique index allows one open mock per student and reviewer: a double tap or a
  // second device racing here inserts nothing and resumes the one that won.
  const row = await insertMockUnlessOpen(db, {
    userId,
    reviewerShorthand: reviewer,
    kind: 'mock',
    blueprintId: blueprint.id,
    items: plan.items,
    startedAt: now,
    ...mockClock(blueprint.spec, plan, now),
  });
  if (row) return { state: await stateOf(db, row.id, now), resumed: false };
  const winner = await findOpenMock(db, userId, reviewer, now);
  if (!winner) throw new AppError('INTERNAL', 'The mock exam was not created.');
  return { state: await stateOf(db, winner.id, now), resumed: true };
}

/**
 * A new mock's clock (issue 12 item 4): in sittings (core `planSittings`), the first sitting runs
 * and the attempt's deadline is its; otherwise one deadline for all the planned minutes.
 */
function mockClock(
  spec: BlueprintSpec,
  plan: MockPlan,
  now: Date,
): { deadlineAt: Date; sittings: Sitting[] | null } {
  const sittings = planSittings(spec, plan, now);
  const first = sittings?.[0]?.deadlineAt;
  return {
    deadlineAt: first ? new Date(first) : mockDeadline(now, plan.totalMinutes),
    sittings,
  };
}

/** The unfinished mock of this student and reviewer, after settling one whose time ran out. */
export async function findOpenMock(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<AttemptHeader | null> {
  const row = await loadOpenMockHeader(db, userId, reviewer);
  if (!row || !isTimeUp(row, now)) return row;
  // Its time is up: submitted now (or by whoever got there first), so nothing is open; in
  // sittings only the running sitting may have ended, and the mock waits for the next one.
  await settleExpired(db, row.id, now);
  return row.sittings ? loadOpenMockHeader(db, userId, reviewer) : null;
}
