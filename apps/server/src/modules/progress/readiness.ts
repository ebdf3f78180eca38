import {
  type BlueprintSpec,
  emptyStudentModel,
  type ForYouKit,
  forYouPool,
  forYouSet,
  guessFloor,
  type ItemHistory,
  manilaDayKey,
  nextItemHistory,
  partPools,
  partSubjects,
  type ReadinessSummary,
  readinessSummary,
  recordAnswer,
  recordFullMock,
  type SittingDays,
  type StudentModel,
  sittingExamDay,
  type TrackProfile,
  trackProfile,
} from '@pasado/core';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { findBlueprint } from '../content/bank.repository.ts';
import { findMajor } from '../content/reviewers.repository.ts';
import {
  type ItemFacts,
  listTrackItemFacts,
  loadItemFactsWithHistory,
} from './item-facts.read-model.ts';
import { listItemHistories } from './item-histories.repository.ts';
import { findReadinessModel, saveReadinessState } from './readiness.repository.ts';

/**
 * Readiness (issue 23; ADR 028): the student model kept up to date as answers become final, and
 * read as it is for quiz home. Nothing here replays a student's history.
 */

export type ReadinessAnswer = { questionId: string; correct: boolean };

/**
 * Each subject's part: the first part (blueprint order) listing it, as core `partPools` draws.
 * With the student's `major` (null: none picked), a part for a major maps only that major's
 * subject (core `partSubjects`): the other major's items are outside this student's exam
 * (docs/product.md#readiness). Without it, every subject maps (an item's own part, whoever answers
 * it: item difficulty).
 */
export function partOfSubject(spec: BlueprintSpec, major?: string | null): Map<string, string> {
  const parts = new Map<string, string>();
  const owned = new Set<string>();
  for (const part of spec.parts) {
    const taken = new Set(major === undefined ? part.subjectIds : partSubjects(part, major));
    for (const subjectId of part.subjectIds) {
      if (owned.has(subjectId)) continue;
      owned.add(subjectId);
      if (taken.has(subjectId)) parts.set(subjectId, part.id);
    }
  }
  return parts;
}

/**
 * Each item's part as the mock's own pools place it (core `partPools`: the first part listing its
 * subject, only the student's major for a major part, and only the part's official topics when it
 * names them or has strands). An item in no pool is outside this student's exam: a practice-only
 * subject or topic (CSE Analytical's Data Sufficiency), or the other major's specialization.
 * Built from the finish's own items, so it costs no query.
 */
function partsOfItems(
  spec: BlueprintSpec,
  major: string | null,
  items: Iterable<ItemFacts>,
): Map<string, string> {
  const bank = [...items].map((i) => ({
    id: i.id,
    subjectId: i.subjectId,
    topicId: i.topicId,
    // Held since it was answered or not, the answer was given to an item of its part.
    held: false,
  }));
  const parts = new Map<string, string>();
  for (const [i, pool] of partPools(spec, bank, major).entries()) {
    const partId = spec.parts[i]?.id;
    if (partId) for (const q of pool) parts.set(q.id, partId);
  }
  return parts;
}

/** An item's facts and what this student last did with it, as the model's update reads them. */
export type ReadinessItem = ItemFacts & { history: ItemHistory | undefined };

/**
 * What a finished attempt's answers make of the student's model and item histories: one O(1) step
 * each (core `recordAnswer`), and each item's history after this set (core `nextItemHistory`, from
 * the row read with the item's facts), folded in answer order so an item answered twice (a drill
 * run) is one row of the one upsert (ADR 032). Items outside the student's parts (practice-only
 * subjects and topics, the other major's specialization: `partsOfItems`) teach the model nothing
 * about their exam and are skipped. No I/O: the finish reads what it needs with the attempt's
 * items (`finalize`), `recordReadiness` reads it itself.
 */
export function learnFromAnswers(input: {
  model: StudentModel | null;
  spec: BlueprintSpec;
  /** The student's major under the track (null: none picked, or a track without majors). */
  major: string | null;
  items: ReadonlyMap<string, ReadinessItem>;
  answers: readonly ReadinessAnswer[];
  fullMock: boolean;
  /** The model chose these items (a For-you set): their outcomes leave its self-check alone. */
  chosen?: boolean;
  now: Date;
}): { model: StudentModel; histories: Map<string, ItemHistory> } {
  const parts = partsOfItems(input.spec, input.major, input.items.values());
  // A major part's model is kept per major (core `PartModel.major`): a change of major starts it
  // afresh rather than carry the other major's answers into this one's prediction.
  const majorParts = new Set(input.spec.parts.flatMap((p) => (p.major ? [p.id] : [])));
  let model = input.model ?? emptyStudentModel();
  const histories = new Map<string, ItemHistory>();
  const at = input.now.getTime();
  for (const answer of input.answers) {
    const item = input.items.get(answer.questionId);
    const partId = item ? parts.get(item.id) : undefined;
    if (!item || !partId) continue;
    model = recordAnswer(
      model,
      {
        partId,
        topicId: item.topicId,
        correct: answer.correct,
        at: input.now,
        chosen: input.chosen === true,
        ...(majorParts.has(partId) && input.major ? { major: input.major } : {}),
      },
      { difficulty: item.difficulty, guess: guessFloor(item.choices) },
    ).model;
    const previous = histories.get(item.id) ?? item.history;
    histories.set(item.id, nextItemHistory(previous, answer.correct, at));
  }
  if (input.fullMock) model = recordFullMock(model);
  return { model, histories };
}

/** Whether a finish changes the student's model at all (`recordReadiness` writes nothing else). */
export const readinessLearns = (answers: readonly ReadinessAnswer[], fullMock: boolean) =>
  answers.length > 0 || fullMock;

/**
 * Applies a finished attempt's answers to the student's model (`learnFromAnswers`), in the
 * caller's transaction. The caller holds the user row's lock (core's one lock order, issue 21
 * finding 4), so two finishes of one student never interleave here. Answers count once they are
 * final — when the attempt is finished — so a mock answer changed before the submit counts as the
 * student left it. A drill's finish; a quiz's finish reads and writes the same in statements it
 * makes anyway (`finalize`, ADR 031).
 */
export async function recordReadiness(
  tx: Tx,
  input: {
    userId: string;
    reviewer: string;
    /** The track's blueprint when the caller has it (a mock); read otherwise. */
    spec?: BlueprintSpec;
    /** The student's major under the track when the caller has it; read otherwise. */
    major?: string | null;
    answers: readonly ReadinessAnswer[];
    fullMock: boolean;
    now: Date;
  },
): Promise<void> {
  if (!readinessLearns(input.answers, input.fullMock)) return;
  const spec = input.spec ?? (await findBlueprint(tx, input.reviewer))?.spec;
  if (!spec) return;
  const [items, stored, major] = await Promise.all([
    loadItemFactsWithHistory(
      tx,
      input.answers.map((a) => a.questionId),
      input.userId,
    ),
    findReadinessModel(tx, input.userId, input.reviewer),
    input.major === undefined ? findMajor(tx, input.userId, input.reviewer) : input.major,
  ]);
  const { model, histories } = learnFromAnswers({
    model: stored,
    spec,
    major,
    items,
    answers: input.answers,
    fullMock: input.fullMock,
    now: input.now,
  });
  // One statement for both: the finish sends no more statements than before (ADR 031, 032).
  await saveReadinessState(tx, {
    userId: input.userId,
    reviewer: input.reviewer,
    model,
    histories,
    now: input.now,
  });
}

/** How long a track's profile (its items' difficulties, each topic's share) is reused. */
const PROFILE_TTL_MS = 5 * 60_000;
/** A track's profile and its items' facts (For-you places each candidate with them). */
type TrackFacts = { profile: TrackProfile; items: ReadonlyMap<string, ItemFacts> };
type CachedProfile = { at: number; profile: Promise<TrackFacts> };
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
export const trackProfileFor = (
  ex: Executor,
  reviewer: string,
  spec: BlueprintSpec,
  major: string | null,
  now: Date,
): Promise<TrackProfile> => trackFactsOf(ex, reviewer, spec, major, now).then((t) => t.profile);

function trackFactsOf(
  ex: Executor,
  reviewer: string,
  spec: BlueprintSpec,
  major: string | null,
  now: Date,
): Promise<TrackFacts> {
  let byTrack = profiles.get(ex);
  if (!byTrack) {
    byTrack = new Map();
    profiles.set(ex, byTrack);
  }
  const key = `${reviewer} ${major ?? ''}`;
  const cached = byTrack.get(key);
  if (cached && now.getTime() - cached.at < PROFILE_TTL_MS) return cached.profile;
  const profile = listTrackItemFacts(ex, reviewer).then((items) => ({
    profile: trackProfile(
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
    items: new Map(items.map((i) => [i.id, i])),
  }));
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

/** What For-you chooses from (ADR 032): the track as the forecast sees it, and the student. */
type ForYouInput = {
  userId: string;
  reviewer: string;
  spec: BlueprintSpec;
  major: string | null;
  /** The student's sitting, or null. */
  sitting: SittingDays | null;
  /** The items the student may be given: the reviewer's bank less held and reported items. */
  candidates: readonly string[];
  now: Date;
};

/** The candidates as For-you's pool: placed by the track's profile, difficulties as refined. */
async function forYouPoolOf(ex: Executor, input: ForYouInput) {
  const track = await trackFactsOf(ex, input.reviewer, input.spec, input.major, input.now);
  const pool = forYouPool(
    track.profile,
    input.candidates.flatMap((id) => {
      const item = track.items.get(id);
      return item
        ? [{ id, topicId: item.topicId, difficulty: item.difficulty.mean, choices: item.choices }]
        : [];
    }),
  );
  return { profile: track.profile, pool };
}

/**
 * The For-you lite set (issue 23 item 4; ADR 032): core `forYouSet` over the candidates, from the
 * student's own model and item histories (a new student's empty model still gives a set spread
 * over the exam's parts). Reads the model and the student's histories; the track from memory.
 */
export async function chooseForYou(
  ex: Executor,
  input: ForYouInput & { count: number; seed: string },
): Promise<string[]> {
  const [{ profile, pool }, model, history] = await Promise.all([
    forYouPoolOf(ex, input),
    findReadinessModel(ex, input.userId, input.reviewer),
    listItemHistories(ex, input.userId),
  ]);
  return forYouSet({
    model: model ?? emptyStudentModel(),
    profile,
    pool,
    history,
    now: input.now,
    // Any day of the sitting is exam day (the NLE's second too), not a passed date.
    examDay: sittingExamDay(input.sitting, manilaDayKey(input.now)),
    count: input.count,
    seed: input.seed,
  }).map((p) => p.itemId);
}

/** Logits to 3 decimals: the phone's kit stays small, and a choice never turns on the 4th. */
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * What the phone keeps to choose For-you sets offline with the same core function (contract
 * `ForYouKit`): the student's model, the track's profile, the candidates placed and their
 * difficulties, the student's histories of those candidates, and the exam day.
 */
export async function forYouKit(ex: Executor, input: ForYouInput): Promise<ForYouKit> {
  const [{ profile, pool }, model] = await Promise.all([
    forYouPoolOf(ex, input),
    findReadinessModel(ex, input.userId, input.reviewer),
  ]);
  const history = await listItemHistories(
    ex,
    input.userId,
    pool.map((q) => q.id),
  );
  return {
    reviewer: input.reviewer,
    examDay: input.sitting?.startsOn ?? null,
    examLastDay: input.sitting?.endsOn ?? null,
    model: model ?? emptyStudentModel(),
    profile,
    pool: pool.map((q) => ({ ...q, difficulty: round3(q.difficulty) })),
    history: Object.fromEntries(history),
  };
}
