import {
  type BlueprintSpec,
  emptyStudentModel,
  guessFloor,
  type ReadinessSummary,
  readinessSummary,
  recordAnswer,
  recordFullMock,
  type TrackProfile,
  trackProfile,
} from '@pasado/core';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { findBlueprint } from '../content/bank.repository.ts';
import { listTrackItemFacts, loadItemFacts } from './item-facts.read-model.ts';
import { findReadinessModel, saveReadinessModel } from './readiness.repository.ts';

/**
 * Readiness (issue 23; ADR 028): the student model kept up to date as answers become final, and
 * read as it is for quiz home. Nothing here replays a student's history.
 */

export type ReadinessAnswer = { questionId: string; correct: boolean };

/** Each subject's part: the first part (blueprint order) listing it, as core `partPools` draws. */
export function partOfSubject(spec: BlueprintSpec): Map<string, string> {
  const parts = new Map<string, string>();
  for (const part of spec.parts) {
    for (const subjectId of part.subjectIds)
      if (!parts.has(subjectId)) parts.set(subjectId, part.id);
  }
  return parts;
}

/**
 * Applies a finished attempt's answers to the student's model, one O(1) step each (core
 * `recordAnswer`), in the caller's transaction. The caller holds the user row's lock (core's one
 * lock order, issue 21 finding 4), so two finishes of one student never interleave here. Answers
 * count once they are final — when the attempt is finished — so a mock answer changed before the
 * submit counts as the student left it. Items outside the blueprint's parts (practice-only
 * subjects) teach the model nothing about the exam and are skipped.
 */
export async function recordReadiness(
  tx: Tx,
  input: {
    userId: string;
    reviewer: string;
    /** The track's blueprint when the caller has it (a mock); read otherwise. */
    spec?: BlueprintSpec;
    answers: readonly ReadinessAnswer[];
    fullMock: boolean;
    now: Date;
  },
): Promise<void> {
  if (input.answers.length === 0 && !input.fullMock) return;
  const spec = input.spec ?? (await findBlueprint(tx, input.reviewer))?.spec;
  if (!spec) return;
  const parts = partOfSubject(spec);
  const [facts, stored] = await Promise.all([
    loadItemFacts(
      tx,
      input.answers.map((a) => a.questionId),
    ),
    findReadinessModel(tx, input.userId, input.reviewer),
  ]);
  let model = stored ?? emptyStudentModel();
  for (const answer of input.answers) {
    const item = facts.get(answer.questionId);
    const partId = item ? parts.get(item.subjectId) : undefined;
    if (!item || !partId) continue;
    model = recordAnswer(
      model,
      { partId, topicId: item.topicId, correct: answer.correct, at: input.now },
      { difficulty: item.difficulty, guess: guessFloor(item.choices) },
    ).model;
  }
  if (input.fullMock) model = recordFullMock(model);
  await saveReadinessModel(tx, input.userId, input.reviewer, model, input.now);
}

/** How long a track's profile (its items' difficulties, each topic's share) is reused. */
const PROFILE_TTL_MS = 5 * 60_000;
type CachedProfile = { at: number; profile: Promise<TrackProfile> };
/** Per database (tests open many), per track and major. */
const profiles = new WeakMap<object, Map<string, CachedProfile>>();

/**
 * Drops this database's cached track profiles: the item difficulties were just refined, and the
 * next readiness read builds the profile from them.
 */
export function forgetTrackProfiles(ex: Executor): void {
  profiles.delete(ex);
}

/** The track's profile for readiness (its items' difficulties, each topic's share), kept five minutes. */
export function trackProfileFor(
  ex: Executor,
  reviewer: string,
  spec: BlueprintSpec,
  major: string | null,
  now: Date,
): Promise<TrackProfile> {
  let byTrack = profiles.get(ex);
  if (!byTrack) {
    byTrack = new Map();
    profiles.set(ex, byTrack);
  }
  const key = `${reviewer} ${major ?? ''}`;
  const cached = byTrack.get(key);
  if (cached && now.getTime() - cached.at < PROFILE_TTL_MS) return cached.profile;
  const profile = listTrackItemFacts(ex, reviewer).then((items) =>
    trackProfile(
      spec,
      items.map((i) => ({
        id: i.id,
        subjectId: i.subjectId,
        topicId: i.topicId,
        held: i.held,
        difficulty: i.difficulty.mean,
        choices: i.choices,
      })),
      major,
    ),
  );
  byTrack.set(key, { at: now.getTime(), profile });
  profile.catch(() => byTrack.delete(key));
  return profile;
}

/**
 * The student's readiness for a track (core `readinessSummary`): one read of their model, the
 * track's profile from memory, the forecast and the plan to `examDay` (the first day of their
 * sitting). Theirs alone: quiz home is the only reader, for the signed-in student.
 */
export async function readinessFor(
  ex: Executor,
  input: {
    userId: string;
    reviewer: string;
    spec: BlueprintSpec;
    major: string | null;
    examDay: string | null;
    now: Date;
  },
): Promise<ReadinessSummary> {
  const [model, profile] = await Promise.all([
    findReadinessModel(ex, input.userId, input.reviewer),
    trackProfileFor(ex, input.reviewer, input.spec, input.major, input.now),
  ]);
  return readinessSummary({
    model: model ?? emptyStudentModel(),
    profile,
    spec: input.spec,
    now: input.now,
    examDay: input.examDay,
  });
}
