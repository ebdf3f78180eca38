import {
  type AdminSittingInput,
  type AdminSittings,
  checkExamSitting,
  EXAM_SITTING_MESSAGES,
  type ExamSitting,
  isUpcomingSitting,
  manilaDayKey,
  type SittingChoice,
  sittingStartsOn,
} from '@pasado/core';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Db, Executor } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { findBlueprint } from './bank.repository.ts';
import {
  countStudentsBySitting,
  deleteSitting,
  type ExamSittingRow,
  findSitting,
  findStudentSittingId,
  insertSitting,
  listAllSittings,
  listUpcomingSittings,
  setStudentSitting,
  updateSitting,
} from './exam-sittings.repository.ts';
import { listReviewers } from './reviewers.repository.ts';

/**
 * Official exam sittings (issue 23 item 1; docs/product.md#exam-sittings): read by students for
 * their track (onboarding, quiz home, the account page), picked and changed by the student, kept
 * by staff in the console (audited). The rules are core's `checkExamSitting`.
 */

type Part = { id: string; name: string };

/** The track's parts, in blueprint order: what a sitting's days are made of. */
async function trackParts(ex: Executor, reviewer: string): Promise<Part[]> {
  const blueprint = await findBlueprint(ex, reviewer);
  return blueprint?.spec.parts.map((p) => ({ id: p.id, name: p.name })) ?? [];
}

function toView(row: ExamSittingRow, parts: readonly Part[]): ExamSitting {
  const names = new Map(parts.map((p) => [p.id, p.name]));
  return {
    id: row.id,
    reviewer: row.reviewer,
    startsOn: row.startsOn,
    days: row.days.map((d) => ({
      date: d.date,
      // A part the blueprint no longer has keeps its id as its name rather than vanishing.
      parts: d.partIds.map((id) => ({ id, name: names.get(id) ?? id })),
    })),
  };
}

/** The track's sittings whose last day has not passed, soonest first. */
export async function upcomingSittings(
  ex: Executor,
  reviewer: string,
  now: Date,
): Promise<ExamSitting[]> {
  const today = manilaDayKey(now);
  const [rows, parts] = await Promise.all([
    listUpcomingSittings(ex, reviewer, today),
    trackParts(ex, reviewer),
  ]);
  return rows.filter((r) => isUpcomingSitting(r.days, today)).map((r) => toView(r, parts));
}

/** The student's sitting under a track they hold (even once past) and the upcoming ones. */
export async function sittingChoice(
  ex: Executor,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<SittingChoice> {
  const [options, currentId] = await Promise.all([
    upcomingSittings(ex, reviewer, now),
    findStudentSittingId(ex, userId, reviewer),
  ]);
  let current = options.find((s) => s.id === currentId) ?? null;
  if (currentId !== null && current === null) {
    const row = await findSitting(ex, currentId);
    if (row) current = toView(row, await trackParts(ex, reviewer));
  }
  return { current, options };
}

/**
 * Checks a sitting a student picks under `reviewer`: one of the track's sittings, not yet over.
 * Refusals are 400 with core's texts, before anything is written.
 */
export async function checkSittingPick(
  ex: Executor,
  reviewer: string,
  sittingId: string,
  now: Date,
): Promise<void> {
  const row = await findSitting(ex, sittingId);
  if (!row || row.reviewer !== reviewer) {
    throw new AppError('INVALID_ARGUMENT', EXAM_SITTING_MESSAGES.unknownSitting);
  }
  if (!isUpcomingSitting(row.days, manilaDayKey(now))) {
    throw new AppError('INVALID_ARGUMENT', EXAM_SITTING_MESSAGES.pastSitting);
  }
}

/** The student picks (or clears) their sitting under a track they hold; the caller checked the grant. */
export async function chooseSitting(
  db: Db,
  userId: string,
  reviewer: string,
  sittingId: string | null,
  now: Date,
): Promise<SittingChoice> {
  if (sittingId !== null) await checkSittingPick(db, reviewer, sittingId, now);
  await setStudentSitting(db, userId, reviewer, sittingId);
  return sittingChoice(db, userId, reviewer, now);
}

// ------------------------------------------------------------------------------------------------
// The console (admin only: checked by the /api/admin plugin)
// ------------------------------------------------------------------------------------------------

type Actor = { userId: string; email: string };

/** Every sitting, newest first, with how many students picked it; and each track's parts. */
export async function listSittingsForStaff(db: Db): Promise<AdminSittings> {
  const [rows, students, reviewers] = await Promise.all([
    listAllSittings(db),
    countStudentsBySitting(db),
    listReviewers(db),
  ]);
  const tracks = await Promise.all(
    reviewers.map(async (r) => ({
      shorthand: r.shorthand,
      name: r.name,
      parts: await trackParts(db, r.shorthand),
    })),
  );
  const partsOf = new Map(tracks.map((t) => [t.shorthand, t.parts]));
  return {
    sittings: rows.map((row) => ({
      ...toView(row, partsOf.get(row.reviewer) ?? []),
      students: students.get(row.id) ?? 0,
    })),
    // A track without a blueprint has no parts to put on a day: staff cannot add its sittings yet.
    tracks: tracks.filter((t) => t.parts.length > 0),
  };
}

/** Core's check against the track's parts and today's Manila day; 400 with its text. */
async function checkedDays(ex: Executor, input: AdminSittingInput, now: Date) {
  const parts = await trackParts(ex, input.reviewer);
  if (parts.length === 0) {
    throw new AppError('INVALID_ARGUMENT', 'This exam has no blueprint: add its content first.');
  }
  const check = checkExamSitting(
    input.days,
    parts.map((p) => p.id),
    manilaDayKey(now),
  );
  if (!check.ok) throw new AppError('INVALID_ARGUMENT', check.message);
  return { days: check.days, parts };
}

export async function createSitting(
  db: Db,
  input: AdminSittingInput,
  actor: Actor,
  now: Date,
): Promise<ExamSitting> {
  const { days, parts } = await checkedDays(db, input, now);
  return db.transaction(async (tx) => {
    const row = await insertSitting(
      tx,
      { reviewer: input.reviewer, startsOn: sittingStartsOn(days), days },
      now,
    );
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'content.sittings.add',
      targetType: 'exam_sitting',
      targetId: row.id,
      details: { reviewer: row.reviewer, days },
    });
    return toView(row, parts);
  });
}

export async function changeSitting(
  db: Db,
  id: string,
  input: AdminSittingInput,
  actor: Actor,
  now: Date,
): Promise<ExamSitting> {
  const before = await findSitting(db, id);
  if (!before) throw notFound('This exam date no longer exists.');
  if (before.reviewer !== input.reviewer) {
    throw new AppError(
      'INVALID_ARGUMENT',
      'An exam date stays with its exam: add a new one instead.',
    );
  }
  const { days, parts } = await checkedDays(db, input, now);
  return db.transaction(async (tx) => {
    const row = await updateSitting(tx, id, { startsOn: sittingStartsOn(days), days }, now);
    if (!row) throw notFound('This exam date no longer exists.');
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'content.sittings.change',
      targetType: 'exam_sitting',
      targetId: id,
      details: { reviewer: row.reviewer, from: before.days, to: days },
    });
    return toView(row, parts);
  });
}

export async function removeSitting(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const students = (await countStudentsBySitting(tx)).get(id) ?? 0;
    const row = await deleteSitting(tx, id);
    if (!row) throw notFound('This exam date no longer exists.');
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'content.sittings.remove',
      targetType: 'exam_sitting',
      targetId: id,
      details: { reviewer: row.reviewer, days: row.days, students },
    });
  });
}
