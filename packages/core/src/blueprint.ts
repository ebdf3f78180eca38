/**
 * Mock-exam sampling (issue 4 "Mock exam"; DESIGN.md "Quiz"): which items a mock takes from the
 * bank, part by part, and how long it lasts. Pure and deterministic: the server passes a random
 * seed, so the same seed over the same bank always gives the same exam (tests, and a retry of a
 * failed start, see the same items).
 */

/**
 * One part of an exam's blueprint (DESIGN.md "Quiz"): drawn from subjects, with its item count,
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
};

/** An exam's blueprint: its parts, the passing average, how many sittings (`blueprintSpecSchema`). */
export type BlueprintSpec = {
  parts: BlueprintPart[];
  /** Lowest passing weighted average, in percent. */
  passingAverage: number;
  sittings: number;
};

/** A question the bank can offer: its subject decides the blueprint part it may fill. */
export type BankItem = { id: string; subjectId: string; held: boolean };

export type PlannedPart = {
  partId: string;
  name: string;
  /** Items the blueprint asks for. */
  requested: number;
  /** Question ids taken, in the order shown. */
  questionIds: string[];
  /** Minutes granted: the blueprint's, scaled down when the bank is short (see `planMock`). */
  minutes: number;
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
 * Plans a mock from a blueprint and the bank.
 * - Held items (reported as wrong, not yet cleared by staff) are never taken.
 * - An item belongs to the first part (in blueprint order) that lists its subject, so no item
 *   appears twice when parts share a subject.
 * - A part takes `items` at random (seeded); when the bank has fewer, it takes all it has and its
 *   minutes scale in proportion (rounded, at least 1 minute when it has any item), so the pace per
 *   item stays the blueprint's. A part with no item at all is left out of the exam (0 minutes).
 * - Within a part the order is random; parts keep the blueprint's order.
 */
export function planMock(spec: BlueprintSpec, bank: readonly BankItem[], seed: string): MockPlan {
  const claimed = new Set<string>();
  const parts: PlannedPart[] = [];
  // Sorted first so the plan depends on the bank's content, not on the order rows came back in.
  const pool = [...bank].filter((q) => !q.held).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const part of spec.parts) {
    const subjects = new Set(part.subjectIds);
    const candidates = pool.filter((q) => subjects.has(q.subjectId) && !claimed.has(q.id));
    const taken = seededShuffle(candidates, `${seed}:${part.id}`).slice(0, part.items);
    for (const q of taken) claimed.add(q.id);
    parts.push({
      partId: part.id,
      name: part.name,
      requested: part.items,
      questionIds: taken.map((q) => q.id),
      minutes: scaledMinutes(part.minutes, taken.length, part.items),
    });
  }
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
