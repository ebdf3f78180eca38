/**
 * Mock-exam sampling (issue 4 "Mock exam"; docs/product.md#quiz): which items a mock takes from the
 * bank, part by part, and how long it lasts. Pure and deterministic: the server passes a random
 * seed, so the same seed over the same bank always gives the same exam (tests, and a retry of a
 * failed start, see the same items).
 */

import { roundToTotal } from './percent-rounding.ts';

/**
 * One part of an exam's blueprint (docs/product.md#quiz): drawn from subjects, with its item count,
 * minutes, weight in the rating and floor. The contract's `blueprintPartSchema` validates it.
 */
export type BlueprintPart = {
  id: string;
  name: string;
  subjectIds: string[];
  items: number;
  minutes: number;
  /** Share of the weighted rating, 0–1; a blueprint's weights add up to 1. */
  weight: number;
  /** Lowest passing percentage for this part (0 = no floor). */
  floor: number;
  /**
   * When set, only these topics of the part's subjects are drawn (issue 12: CSE Analytical Ability
   * keeps to the official coverage while the bank also holds practice-only topics).
   */
  topicIds?: string[];
  /**
   * A major part (LET Secondary's Specialization): its subjects are alternatives and the student's
   * major picks the one drawn from.
   */
  major?: boolean;
  /**
   * The official strands of the part (issue 24 item 3: LET General Education's six areas under the
   * PRC's 2022 Enhanced Table of Specifications): each takes its share of the part's items, so the
   * mock follows the official weights rather than how many items each topic happens to hold. When
   * set, only the strands' topics are drawn.
   */
  strands?: BlueprintStrand[];
};

/** One official strand of a part: a set of topics and the share of the part's items it takes. */
export type BlueprintStrand = {
  id: string;
  name: string;
  /** Share of the part's items, 0–1; a part's strand shares add up to 1. */
  share: number;
  /** The topics the strand is drawn from; a topic belongs to at most one strand of a part. */
  topicIds: string[];
};

/** An exam's blueprint: its parts, the passing average, how many sittings (`blueprintSpecSchema`). */
export type BlueprintSpec = {
  parts: BlueprintPart[];
  /** Lowest passing weighted average, in percent. */
  passingAverage: number;
  sittings: number;
};

/**
 * A question the bank can offer: its subject decides the blueprint part it may fill, its topic the
 * share of the part it takes (an item without a topic counts as its subject's).
 */
export type BankItem = { id: string; subjectId: string; topicId?: string; held: boolean };

/** How a mock is drawn for one student. */
export type DrawOptions = {
  /**
   * Items the student has already been shown (mocks and lite quizzes), each with when it was last
   * shown (any increasing number: the server gives milliseconds): drawn only when needed, the
   * least recently shown first.
   */
  seen?: ReadonlyMap<string, number>;
  /** The student's major: the subject a major part draws from. */
  major?: string | null;
};

/**
 * A bank fills a part when it holds this many times the part's items (issue 12): then two
 * consecutive mocks, each drawing unseen items first and then the least recently shown, share at
 * most half their items (the previous mock's items come last).
 */
export const MOCK_POOL_FACTOR = 1.5;

export type PlannedPart = {
  partId: string;
  name: string;
  /** Items the blueprint asks for. */
  requested: number;
  /** Question ids taken, in the order shown. */
  questionIds: string[];
  /** Minutes granted: the blueprint's, scaled down when the bank is short (see `planMock`). */
  minutes: number;
  /** For a part with strands: what each strand was due (its share) and what it gave. */
  strands?: PlannedStrand[];
};

export type PlannedStrand = {
  strandId: string;
  name: string;
  /** The strand's share of the part's items (`strandQuotas`). */
  requested: number;
  /** Items taken from it: fewer when its pool is short, more when it makes up another's shortfall. */
  taken: number;
};

export type MockPlan = {
  parts: PlannedPart[];
  items: { questionId: string; partId: string }[];
  totalItems: number;
  totalMinutes: number;
};

/** FNV-1a: a string seed → 32-bit state. */
function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough to shuffle exam items (not for secrets). */
export function seededRandom(seed: string): () => number {
  let a = hashSeed(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher–Yates shuffle driven by the seed; the input is not changed. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  const random = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The subjects a part draws from: all of them, or for a major part only the student's major (none
 * when no major is picked or it is not one of the part's).
 */
export function partSubjects(part: BlueprintPart, major: string | null | undefined): string[] {
  if (!part.major) return part.subjectIds;
  return major && part.subjectIds.includes(major) ? [major] : [];
}

/**
 * Each part's candidate items: not held, of the part's subjects (and topics, when it names them).
 * A subject belongs to the first part (in blueprint order) that lists it, so no item can appear in
 * two parts. The one definition of a part's pool: the draw and `mockReadiness` both read it.
 */
export function partPools(
  spec: BlueprintSpec,
  bank: readonly BankItem[],
  major: string | null | undefined,
): BankItem[][] {
  // Sorted first so the plan depends on the bank's content, not on the order rows came back in.
  const pool = bank.filter((q) => !q.held).sort((a, b) => (a.id < b.id ? -1 : 1));
  const owned = new Set<string>();
  return spec.parts.map((part) => {
    const subjects = new Set(part.subjectIds.filter((id) => !owned.has(id)));
    for (const id of part.subjectIds) owned.add(id);
    const drawn = new Set(partSubjects(part, major).filter((id) => subjects.has(id)));
    const topics = partTopics(part);
    return pool.filter(
      (q) => drawn.has(q.subjectId) && (topics === null || topics.has(q.topicId ?? q.subjectId)),
    );
  });
}

/**
 * The topics a part may draw, or null for every topic of its subjects: its `topicIds` when it
 * names them, narrowed to its strands' topics when it has strands (a topic in no strand is outside
 * the official coverage).
 */
function partTopics(part: BlueprintPart): Set<string> | null {
  const named = part.topicIds ? new Set(part.topicIds) : null;
  if (!part.strands) return named;
  return new Set(part.strands.flatMap((s) => s.topicIds).filter((t) => named?.has(t) ?? true));
}

/** The items of a part's pool that belong to a strand. */
function strandPool(pool: readonly BankItem[], strand: BlueprintStrand): BankItem[] {
  const topics = new Set(strand.topicIds);
  return pool.filter((q) => topics.has(q.topicId ?? q.subjectId));
}

/** Each strand's share of `items`, in whole items that add up to `items` (largest remainder). */
export function strandQuotas(strands: readonly BlueprintStrand[], items: number): number[] {
  return roundToTotal(
    strands.map((s) => s.share),
    items,
  );
}

/**
 * How many items each strand gives to a part of `items` when strand i holds `available[i]`
 * (issue 24 item 3). Each strand gives its quota (`strandQuotas`); a strand that holds fewer gives
 * all it has, and the shortfall goes to the strands that still have items, in proportion to their
 * shares (largest remainder again), until the part is full or every strand is spent. So a short
 * strand never shortens the mock while the rest of the bank can fill it, and the other strands
 * keep their relative weights. Deterministic: it depends only on the shares and the counts.
 */
export function fillStrands(
  strands: readonly BlueprintStrand[],
  available: readonly number[],
  items: number,
): number[] {
  const capacity = strands.map((_, i) => Math.max(0, available[i] ?? 0));
  const taken = strandQuotas(strands, items).map((quota, i) => Math.min(quota, capacity[i] ?? 0));
  const target = Math.min(
    items,
    capacity.reduce((sum, n) => sum + n, 0),
  );
  let missing = target - taken.reduce((sum, n) => sum + n, 0);
  while (missing > 0) {
    const open = strands.flatMap((_, i) => ((taken[i] ?? 0) < (capacity[i] ?? 0) ? [i] : []));
    // Every open strand has room and a positive share, so each round places at least one item.
    const extra = roundToTotal(
      open.map((i) => strands[i]?.share ?? 0),
      missing,
    );
    open.forEach((i, k) => {
      const add = Math.min(extra[k] ?? 0, (capacity[i] ?? 0) - (taken[i] ?? 0));
      taken[i] = (taken[i] ?? 0) + add;
      missing -= add;
    });
  }
  return taken;
}

/**
 * Draws a part with strands: each strand gives `fillStrands`'s count from its own pool, keeping
 * its topics' mix (`drawPart`); the part is then shuffled as one.
 */
function drawStrands(
  part: BlueprintPart & { strands: BlueprintStrand[] },
  candidates: readonly BankItem[],
  seen: ReadonlyMap<string, number>,
  seed: string,
): { taken: BankItem[]; strands: PlannedStrand[] } {
  const pools = part.strands.map((strand) => strandPool(candidates, strand));
  const counts = fillStrands(
    part.strands,
    pools.map((p) => p.length),
    part.items,
  );
  const quotas = strandQuotas(part.strands, part.items);
  const taken = part.strands.flatMap((strand, i) =>
    drawPart(pools[i] ?? [], counts[i] ?? 0, seen, `${seed}:${strand.id}`),
  );
  return {
    taken: seededShuffle(taken, `${seed}:order`),
    strands: part.strands.map((strand, i) => ({
      strandId: strand.id,
      name: strand.name,
      requested: quotas[i] ?? 0,
      taken: counts[i] ?? 0,
    })),
  };
}

/**
 * Draws `count` items from a part's pool (issue 12): each topic takes its share of the part, in
 * proportion to its share of the pool (largest remainders, so the counts add up), and within a
 * topic the items the student has not seen come first, then the least recently shown: once every
 * item has been seen, the previous mock's come last, so consecutive mocks still share at most half
 * (`MOCK_POOL_FACTOR`). Seeded; the result is in random order.
 */
function drawPart(
  candidates: readonly BankItem[],
  count: number,
  seen: ReadonlyMap<string, number>,
  seed: string,
): BankItem[] {
  const byTopic = new Map<string, BankItem[]>();
  for (const q of candidates) {
    const topic = q.topicId ?? q.subjectId;
    const list = byTopic.get(topic);
    if (list) list.push(q);
    else byTopic.set(topic, [q]);
  }
  const topics = [...byTopic.keys()].sort();
  const sizes = topics.map((t) => byTopic.get(t)?.length ?? 0);
  const quotas = roundToTotal(sizes, Math.min(count, candidates.length));
  const taken = topics.flatMap((topic, i) => {
    const items = byTopic.get(topic) ?? [];
    const unseen = items.filter((q) => !seen.has(q.id));
    // Shuffled, then sorted (stably) by when last shown: items shown together stay in random order.
    const again = seededShuffle(
      items.filter((q) => seen.has(q.id)),
      `${seed}:${topic}:seen`,
    ).sort((a, b) => (seen.get(a.id) ?? 0) - (seen.get(b.id) ?? 0));
    return [...seededShuffle(unseen, `${seed}:${topic}:new`), ...again].slice(0, quotas[i] ?? 0);
  });
  return seededShuffle(taken, `${seed}:order`);
}

/**
 * Plans a mock from a blueprint and the bank.
 * - Held items (reported as wrong, not yet cleared by staff) are never taken.
 * - A part draws from its pool (`partPools`): its subjects, its topics when it names them, the
 *   student's major for a major part; no item appears twice.
 * - A part with strands gives each strand its share of `items` (`fillStrands`: a short strand's
 *   shortfall goes to the others); within a strand, or a part without strands, the topic mix is
 *   kept and unseen items come first, then the least recently shown (`drawPart`).
 * - A part takes `items`, keeping its topic mix and preferring unseen items (`drawPart`); when the
 *   pool has fewer, it takes all it has and its minutes scale in proportion (rounded, at least 1
 *   minute when it has any item), so the pace per item stays the blueprint's. A part with no item
 *   at all is left out of the exam (0 minutes).
 * - Within a part the order is random; parts keep the blueprint's order.
 */
export function planMock(
  spec: BlueprintSpec,
  bank: readonly BankItem[],
  seed: string,
  options: DrawOptions = {},
): MockPlan {
  const pools = partPools(spec, bank, options.major);
  const seen = options.seen ?? new Map<string, number>();
  const parts: PlannedPart[] = spec.parts.map((part, i) => {
    const pool = pools[i] ?? [];
    const partSeed = `${seed}:${part.id}`;
    const { taken, strands } = part.strands
      ? drawStrands({ ...part, strands: part.strands }, pool, seen, partSeed)
      : { taken: drawPart(pool, part.items, seen, partSeed), strands: undefined };
    return {
      partId: part.id,
      name: part.name,
      requested: part.items,
      questionIds: taken.map((q) => q.id),
      minutes: scaledMinutes(part.minutes, taken.length, part.items),
      ...(strands ? { strands } : {}),
    };
  });
  const items = parts.flatMap((p) =>
    p.questionIds.map((questionId) => ({ questionId, partId: p.partId })),
  );
  return {
    parts,
    items,
    totalItems: items.length,
    totalMinutes: parts.reduce((sum, p) => sum + p.minutes, 0),
  };
}

/** How well the bank fills one part, for each subject a student could draw it from. */
export type PartReadiness = {
  partId: string;
  name: string;
  /** Active items the part needs: its items × MOCK_POOL_FACTOR, rounded up. */
  required: number;
  /** Active items per way of drawing it: one entry (major null), or one per major. */
  pools: { major: string | null; available: number }[];
  ready: boolean;
  /** Every pool holds at least the part's items: one full mock can still be drawn. */
  fills: boolean;
  /**
   * For a part with strands, each strand's own margin. A short strand does not make the part
   * unready (the draw makes up its shortfall from the other strands, `fillStrands`); it means the
   * mock departs from the official weights, which content:check refuses for the bundled banks.
   */
  strands?: StrandReadiness[];
};

export type StrandReadiness = {
  strandId: string;
  name: string;
  /** The strand's share of the part's items (`strandQuotas`). */
  items: number;
  /** Active items it needs: its items × MOCK_POOL_FACTOR, rounded up. */
  required: number;
  /** Active items of the strand per way of drawing the part (as `PartReadiness.pools`). */
  pools: { major: string | null; available: number }[];
  /** Every pool holds `required`. */
  ready: boolean;
  /** Every pool holds `items`: a mock takes the strand's full share; otherwise others fill in. */
  fills: boolean;
};

/**
 * `ready`: offered to new students (the 1.5 × margin). `fills`: a full mock can still be drawn, so
 * students who hold the track keep it while a few items are held for review.
 */
export type MockReadiness = { ready: boolean; fills: boolean; parts: PartReadiness[] };

/**
 * Whether a bank can fill a blueprint's full mock under the issue 12 rule: every part, for every
 * major a student may pick, holds at least `MOCK_POOL_FACTOR` × its items of active questions. The
 * same pools the draw uses, so a track is offered exactly when its mock can be drawn in full.
 */
export function mockReadiness(spec: BlueprintSpec, bank: readonly BankItem[]): MockReadiness {
  const majors = [...new Set(spec.parts.filter((p) => p.major).flatMap((p) => p.subjectIds))];
  const ways: (string | null)[] = majors.length === 0 ? [null] : majors;
  const poolsByWay = ways.map((major) => partPools(spec, bank, major));
  const parts = spec.parts.map((part, i): PartReadiness => {
    const required = Math.ceil(part.items * MOCK_POOL_FACTOR);
    const pools = part.major
      ? part.subjectIds.map((major) => ({
          major,
          available: poolsByWay[ways.indexOf(major)]?.[i]?.length ?? 0,
        }))
      : [{ major: null, available: poolsByWay[0]?.[i]?.length ?? 0 }];
    const partWays = part.major ? part.subjectIds : [null];
    const strandQuota = part.strands ? strandQuotas(part.strands, part.items) : [];
    const strands = part.strands?.map((strand, k): StrandReadiness => {
      const items = strandQuota[k] ?? 0;
      const strandRequired = Math.ceil(items * MOCK_POOL_FACTOR);
      const strandPools = partWays.map((major) => ({
        major,
        available: strandPool(poolsByWay[Math.max(0, ways.indexOf(major))]?.[i] ?? [], strand)
          .length,
      }));
      return {
        strandId: strand.id,
        name: strand.name,
        items,
        required: strandRequired,
        pools: strandPools,
        ready: strandPools.every((p) => p.available >= strandRequired),
        fills: strandPools.every((p) => p.available >= items),
      };
    });
    return {
      partId: part.id,
      name: part.name,
      required,
      pools,
      ready: pools.every((p) => p.available >= required),
      fills: pools.every((p) => p.available >= part.items),
      ...(strands ? { strands } : {}),
    };
  });
  const any = parts.length > 0;
  return {
    ready: any && parts.every((p) => p.ready),
    fills: any && parts.every((p) => p.fills),
    parts,
  };
}

/** The subjects a student picks a major from (a major part's), or none for a track without. */
export function majorOptions(spec: BlueprintSpec): string[] {
  return spec.parts.filter((p) => p.major).flatMap((p) => p.subjectIds);
}

/** Minutes for a part that has `taken` of the `requested` items (see `planMock`). */
export function scaledMinutes(minutes: number, taken: number, requested: number): number {
  if (taken <= 0 || requested <= 0) return 0;
  if (taken >= requested) return minutes;
  return Math.max(1, Math.round((minutes * taken) / requested));
}

/**
 * Picks a lite quiz's items: a seeded random `count` of the ids (all of them when fewer), in a
 * random order. The caller has already narrowed the ids to the subject or topic chosen.
 */
export function pickLiteItems(ids: readonly string[], count: number, seed: string): string[] {
  const sorted = [...new Set(ids)].sort();
  return seededShuffle(sorted, seed).slice(0, Math.max(0, count));
}
