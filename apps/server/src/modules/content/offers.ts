import {
  type BlueprintSpec,
  type Major,
  type MockReadiness,
  majorOptions,
  mockReadiness,
  type ReviewerOffer,
} from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findBlueprint, listBank } from './bank.repository.ts';
import { upcomingSittings } from './exam-sittings.ts';
import { findMajor, listReviewers, setMajor, subjectNames } from './reviewers.repository.ts';

/**
 * Which tracks are offered (issue 12 "Offer only what works"): a track is offered when its bank
 * fills its full mock under core's `mockReadiness` — the pools the mock draw itself uses — so a
 * track appears by itself when its content lands and no student starts a trial on an empty app.
 */

export const MESSAGES_OFFER = {
  notOffered: 'Choose one of the listed reviewers.',
  chooseMajor: 'Choose your major.',
  notAMajor: 'Choose one of the listed majors.',
} as const;

/** A reviewer's readiness and majors, read from its blueprint and bank. */
export async function reviewerReadiness(
  ex: Executor,
  shorthand: string,
): Promise<{ readiness: MockReadiness | null; majors: { subjectId: string; name: string }[] }> {
  const blueprint = await findBlueprint(ex, shorthand);
  if (!blueprint) return { readiness: null, majors: [] };
  const majorIds = majorOptions(blueprint.spec);
  const [bank, names] = await Promise.all([
    listBank(ex, shorthand),
    majorIds.length > 0 ? subjectNames(ex, majorIds) : new Map<string, string>(),
  ]);
  return {
    readiness: mockReadiness(blueprint.spec, bank),
    majors: majorIds.map((subjectId) => ({ subjectId, name: names.get(subjectId) ?? subjectId })),
  };
}

/** Every reviewer with whether it is offered, still usable, and its majors (GET /api/reviewers). */
export async function listReviewerOffers(ex: Executor, now: Date): Promise<ReviewerOffer[]> {
  const reviewers = await listReviewers(ex);
  return Promise.all(
    reviewers.map(async (r) => {
      const { readiness, majors } = await reviewerReadiness(ex, r.shorthand);
      const offered = readiness?.ready === true;
      return {
        ...r,
        offered,
        usable: readiness?.fills === true,
        majors,
        // Public dates, to pick at onboarding: only for a track a student can take up.
        sittings: offered ? await upcomingSittings(ex, r.shorthand, now) : [],
      };
    }),
  );
}

/**
 * Checks a track may be taken up now (onboarding) and the major given for it: refused when the
 * track is not offered, when it has majors and none (or another subject) is given.
 */
export async function checkOffer(
  ex: Executor,
  shorthand: string,
  major: string | undefined,
): Promise<{ major: string | null }> {
  const { readiness, majors } = await reviewerReadiness(ex, shorthand);
  if (!readiness?.ready) throw new AppError('INVALID_ARGUMENT', MESSAGES_OFFER.notOffered);
  if (majors.length === 0) return { major: null };
  if (major === undefined) throw new AppError('INVALID_ARGUMENT', MESSAGES_OFFER.chooseMajor);
  if (!majors.some((m) => m.subjectId === major))
    throw new AppError('INVALID_ARGUMENT', MESSAGES_OFFER.notAMajor);
  return { major };
}

/**
 * The student's major under a granted track whose blueprint is `spec`, with the options; null for a
 * track without majors. A major that is no longer an option reads as not picked.
 */
export async function majorChoice(
  ex: Executor,
  userId: string,
  shorthand: string,
  spec: BlueprintSpec,
): Promise<{ current: string | null; options: Major[] } | null> {
  const ids = majorOptions(spec);
  if (ids.length === 0) return null;
  const [current, names] = await Promise.all([
    findMajor(ex, userId, shorthand),
    subjectNames(ex, ids),
  ]);
  return {
    current: current !== null && ids.includes(current) ? current : null,
    options: ids.map((subjectId) => ({ subjectId, name: names.get(subjectId) ?? subjectId })),
  };
}

/** Changes the student's major (quiz home); the caller has checked the grant. */
export async function changeMajor(
  ex: Executor,
  userId: string,
  shorthand: string,
  subjectId: string,
): Promise<{ subjectId: string; name: string }> {
  const { majors } = await reviewerReadiness(ex, shorthand);
  const major = majors.find((m) => m.subjectId === subjectId);
  if (!major) throw new AppError('INVALID_ARGUMENT', MESSAGES_OFFER.notAMajor);
  await setMajor(ex, userId, shorthand, subjectId);
  return major;
}
