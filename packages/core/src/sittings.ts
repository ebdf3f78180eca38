import type { BlueprintSpec, MockPlan } from './blueprint.ts';

/**
 * A mock taken in sittings (issue 12 item 4 "LET in sittings"; docs/decisions/007-quizzes.md,
 * "Sittings"): when the blueprint has more than one sitting, each part is its own sitting, in
 * blueprint order, with its own clock of its own minutes. A sitting ends when the student finishes
 * it or at its deadline (auto-submit); the next one starts only when the student starts it, so the
 * break between is theirs; the result comes only after the last. The one home of these rules; the
 * server's quiz module stores the sittings in `quiz_attempts.sittings` and keeps `deadline_at` as
 * the running sitting's deadline.
 */

/** One sitting as stored (ISO strings; null until it happens). */
export type Sitting = {
  partIds: string[];
  minutes: number;
  startedAt: string | null;
  deadlineAt: string | null;
  submittedAt: string | null;
};

/** Where a mock in sittings stands: a sitting running, a break before the next one, or all done. */
export type SittingPhase =
  | { kind: 'running'; index: number }
  | { kind: 'break'; next: number }
  | { kind: 'done' };

const iso = (date: Date) => date.toISOString();
const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/**
 * The sittings of a new mock: one per part that drew items, in blueprint order, the first started
 * at `now`. Null for a one-sitting blueprint, and when fewer than two parts drew items (then the
 * mock is one sitting on one clock, as before).
 */
export function planSittings(spec: BlueprintSpec, plan: MockPlan, now: Date): Sitting[] | null {
  if (spec.sittings <= 1) return null;
  const parts = plan.parts.filter((p) => p.questionIds.length > 0);
  if (parts.length < 2) return null;
  return parts.map((p, i) => ({
    partIds: [p.partId],
    minutes: p.minutes,
    startedAt: i === 0 ? iso(now) : null,
    deadlineAt: i === 0 ? iso(addMinutes(now, p.minutes)) : null,
    submittedAt: null,
  }));
}

/** The running sitting (started, not ended), else the break before the next one, else done. */
export function sittingPhase(sittings: readonly Sitting[]): SittingPhase {
  const running = sittings.findIndex((s) => s.startedAt !== null && s.submittedAt === null);
  if (running >= 0) return { kind: 'running', index: running };
  const next = sittings.findIndex((s) => s.startedAt === null);
  return next >= 0 ? { kind: 'break', next } : { kind: 'done' };
}

/** The index of the sitting holding this part, or -1. */
export function sittingOfPart(sittings: readonly Sitting[], partId: string | null): number {
  return partId === null ? -1 : sittings.findIndex((s) => s.partIds.includes(partId));
}

/**
 * Whether an item of this part may be answered now: `open` only in the running sitting; `ended`
 * when its sitting is over, `notStarted` when it has not begun (or the item belongs to no sitting).
 * A mock without sittings is always `open` (its clock is the attempt's).
 */
export function sittingAnswerRule(
  sittings: readonly Sitting[] | null,
  partId: string | null,
): 'open' | 'ended' | 'notStarted' {
  if (!sittings) return 'open';
  const sitting = sittings[sittingOfPart(sittings, partId)];
  if (!sitting?.startedAt) return 'notStarted';
  return sitting.submittedAt === null ? 'open' : 'ended';
}

/**
 * Whether an item has been put before the student (a report needs it, `reportRefusal`): any item
 * of a mock in one sitting or once submitted (its review shows them all), else only the items of a
 * sitting that has started. An unstarted part's items stay unseen, and so does which ids they are.
 */
export function itemWasShown(
  sittings: readonly Sitting[] | null,
  submitted: boolean,
  partId: string | null,
): boolean {
  if (!sittings || submitted) return true;
  return sittings[sittingOfPart(sittings, partId)]?.startedAt != null;
}

/**
 * The parts whose items the student may see: in progress, only the running sitting's (none during
 * a break: the next part stays unseen until its clock starts, the last one cannot be revisited);
 * once submitted, all. Null means every item (a mock without sittings).
 */
export function visiblePartIds(
  sittings: readonly Sitting[] | null,
  submitted: boolean,
): ReadonlySet<string> | null {
  if (!sittings || submitted) return null;
  const phase = sittingPhase(sittings);
  return new Set(phase.kind === 'running' ? (sittings[phase.index]?.partIds ?? []) : []);
}

export type FinishSittingDecision =
  /** Already ended (a retried request, or its time ran out): nothing to change. */
  | { kind: 'keep' }
  /** Refused: this sitting has not started (sittings are taken in order). */
  | { kind: 'refuse'; reason: 'notStarted' }
  /**
   * End it: the sittings to store (ended at `now`, never later than its deadline); `last` when it
   * was the last sitting, so the mock is submitted and rated.
   */
  | { kind: 'finish'; sittings: Sitting[]; last: boolean; autoSubmitted: boolean };

/** Ending sitting `index` (the student's "Finish Part n", or its time up). */
export function decideFinishSitting(
  sittings: readonly Sitting[],
  index: number,
  now: Date,
): FinishSittingDecision {
  const sitting = sittings[index];
  if (!sitting?.startedAt) return { kind: 'refuse', reason: 'notStarted' };
  if (sitting.submittedAt !== null) return { kind: 'keep' };
  const deadline = sitting.deadlineAt ? new Date(sitting.deadlineAt) : null;
  const timeUp = deadline !== null && deadline.getTime() <= now.getTime();
  const end = timeUp && deadline ? deadline : now;
  return {
    kind: 'finish',
    sittings: sittings.map((s, i) => (i === index ? { ...s, submittedAt: iso(end) } : s)),
    last: index === sittings.length - 1,
    autoSubmitted: timeUp,
  };
}

export type StartSittingDecision =
  /** Already started (a retried request, another device): nothing to change. */
  | { kind: 'keep' }
  /** Refused: another sitting is still running, or an earlier one has not been taken yet. */
  | { kind: 'refuse'; reason: 'running' | 'outOfOrder' }
  /** Start it: the sittings to store and its deadline (the attempt's `deadline_at`). */
  | { kind: 'start'; sittings: Sitting[]; deadlineAt: Date };

/** Starting sitting `index`: only when every earlier sitting has ended, its clock from `now`. */
export function decideStartSitting(
  sittings: readonly Sitting[],
  index: number,
  now: Date,
): StartSittingDecision {
  const sitting = sittings[index];
  if (!sitting) return { kind: 'refuse', reason: 'outOfOrder' };
  if (sitting.startedAt !== null) return { kind: 'keep' };
  const phase = sittingPhase(sittings);
  if (phase.kind === 'running') return { kind: 'refuse', reason: 'running' };
  if (phase.kind !== 'break' || phase.next !== index)
    return { kind: 'refuse', reason: 'outOfOrder' };
  const deadlineAt = addMinutes(now, sitting.minutes);
  return {
    kind: 'start',
    sittings: sittings.map((s, i) =>
      i === index ? { ...s, startedAt: iso(now), deadlineAt: iso(deadlineAt) } : s,
    ),
    deadlineAt,
  };
}

/**
 * The time spent sitting, in milliseconds: each started sitting from its start to its end (or
 * `now`), never past its deadline. Breaks do not count (the topic stats' time studied).
 */
export function sittingsElapsedMs(sittings: readonly Sitting[], now: Date): number {
  let total = 0;
  for (const s of sittings) {
    if (!s.startedAt) continue;
    let end = s.submittedAt ? Date.parse(s.submittedAt) : now.getTime();
    if (s.deadlineAt) end = Math.min(end, Date.parse(s.deadlineAt));
    total += Math.max(0, end - Date.parse(s.startedAt));
  }
  return total;
}
