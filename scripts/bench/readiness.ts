// `npm run bench:readiness` (issue 23 item 6; ADR 028): measured honesty of the readiness model.
// Simulated students with known per-topic abilities that grow with practice and decay without it
// go through a 12-week review of lite sets and full mocks, then sit a fresh full mock as "the
// exam", every step through the real core functions (recordAnswer, forecastReadiness,
// selectForYou, planMock, scoreMock, mockDays). Per offered track it prints the model's Brier
// score and calibration by decile, the MAE of the predicted final rating, the same for two
// baselines (the last full mock's rating, the running lite accuracy), and the simulated days to
// reach the pass line with For-you practice against random practice; then the spread of the same
// figures over simulator variants (guessing, slips, label noise, discrimination, learning and
// forgetting rates). Prints figures, judges nothing.
//   npm run bench:readiness                 every offered track, 12,000 students each
//   BENCH_STUDENTS=500 npm run bench:readiness -- --track=nle --no-variants
//   npm run bench:readiness -- --read-cost    what quiz home's readiness costs for a student with
//                                             10,000 answers (issue 23 item 7), per track, and exit
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type BankItem,
  type BlueprintSpec,
  daysUntil,
  emptyStudentModel,
  forecastReadiness,
  forYouPartGains,
  type ItemDifficulty,
  type ItemHistory,
  majorOptions,
  mockDays,
  mockReadiness,
  nextItemHistory,
  type PartScoreDistribution,
  type PoolItem,
  type ProfiledItem,
  partPools,
  passProbability,
  pickLiteItems,
  planMock,
  readinessSummary,
  recordAnswer,
  recordFullMock,
  type StudentModel,
  scoreMock,
  seedDifficulty,
  seededRandom,
  selectForYou,
  type TrackProfile,
  trackProfile,
} from '@pasado/core/rules';

const BANK_DIR = path.resolve(import.meta.dirname, '../../content/bank');
// 12,000: a middle decile then holds 300-odd students, so a calibrated model's observed rate is
// within about ±2.7 points of its prediction (one standard error) and ±7 is a real miss (ADR 028).
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 12000);
const VARIANT_STUDENTS = Number(process.env.BENCH_VARIANT_STUDENTS ?? 200);
const onlyTrack = process.argv.find((a) => a.startsWith('--track='))?.split('=')[1];
const withVariants = !process.argv.includes('--no-variants');
const mainScenario = process.env.BENCH_SCENARIO ?? 'base';
// The spread alone (a second process can run it beside the main figures).
const variantsOnly = process.argv.includes('--variants-only');
const readCostOnly = process.argv.includes('--read-cost');

const DAY = 86_400_000;
const REVIEW_DAYS = 84; // 12 weeks
const LITE_SIZE = 10;
// The review starts on a Monday morning, Manila (10:00 = 02:00 UTC); the exam is day 84.
const START = Date.parse('2027-01-04T02:00:00Z');
const dayKey = (day: number) =>
  new Date(START + day * DAY + 8 * 3_600_000).toISOString().slice(0, 10);

/** The simulator's assumptions (ADR 028), varied for the spread. */
type Scenario = {
  name: string;
  /** The true guessing floor: blind (1 / options) plus what elimination of distractors adds. */
  guessBonus: number;
  /** Chance of a careless slip on an item the student knows. */
  slip: number;
  /** Spread of the true difficulty around the label's seed (logits). */
  labelNoise: number;
  /** True difficulty = seed × this + noise (the labels' scale may not be the model's). */
  labelScale: number;
  /** Spread of log item discrimination (the model assumes 1 for every item). */
  discrimination: number;
  /** Ability gained per practised item, logits, at 70 % success on a typical topic. */
  growth: number;
  /** How gain depends on success p: 'harder' ∝ (1 − p), 'flat', 'desirable' ∝ p(1 − p). */
  gainShape: 'harder' | 'flat' | 'desirable';
  /** Days for a gain to decay to 1/e without practice. */
  forgetDays: number;
  /** Spread of topic learnability (log scale). */
  learnSpread: number;
};

const BASE: Scenario = {
  name: 'base',
  guessBonus: 0.05,
  slip: 0.03,
  labelNoise: 0.5,
  labelScale: 1,
  discrimination: 0.25,
  growth: 0.012,
  gainShape: 'harder',
  forgetDays: 90,
  learnSpread: 0.5,
};

const VARIANTS: Scenario[] = [
  { ...BASE, name: 'blind-guess', guessBonus: 0 },
  { ...BASE, name: 'no-slips', slip: 0 },
  { ...BASE, name: 'many-slips', slip: 0.08 },
  { ...BASE, name: 'noisy-labels', labelNoise: 0.9 },
  { ...BASE, name: 'labels-x1.5', labelScale: 1.5 },
  { ...BASE, name: 'discrimination-0.5', discrimination: 0.5 },
  { ...BASE, name: 'slow-growth', growth: 0.006 },
  { ...BASE, name: 'fast-growth', growth: 0.02 },
  { ...BASE, name: 'flat-gain', gainShape: 'flat' },
  { ...BASE, name: 'desirable-gain', gainShape: 'desirable' },
  { ...BASE, name: 'fast-forgetting', forgetDays: 30 },
  { ...BASE, name: 'slow-forgetting', forgetDays: 240 },
];

/** Not in the spread: the simulator made to match the model's assumptions (a sanity check). */
const EXTRA: Scenario[] = [
  { ...BASE, name: 'model-world', guessBonus: 0, slip: 0, discrimination: 0 },
];

// ---------------------------------------------------------------------------------------------
// The banks, as the app reads them.

type RawQuestion = { id: string; topicId: string; choices: string[]; difficulty?: number };
type RawBank = {
  reviewer: { shorthand: string };
  topics: { id: string; subjectId: string }[];
  questions: RawQuestion[];
  blueprints: { id: string; spec: BlueprintSpec }[];
};
const banks: RawBank[] = readdirSync(BANK_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(path.join(BANK_DIR, f), 'utf8')) as RawBank);
const subjectOf = new Map(banks.flatMap((b) => b.topics.map((t) => [t.id, t.subjectId] as const)));
type BenchItem = BankItem & { topicId: string; label: number; choices: number };
const allItems: BenchItem[] = banks.flatMap((b) =>
  b.questions.map((q) => ({
    id: q.id,
    subjectId: subjectOf.get(q.topicId) ?? '',
    topicId: q.topicId,
    held: false,
    label: q.difficulty ?? 2,
    choices: q.choices.length,
  })),
);

// ---------------------------------------------------------------------------------------------
// Small numeric helpers.

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
function normal(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const fmt = (x: number, d = 4) => x.toFixed(d);

// ---------------------------------------------------------------------------------------------
// One track under one scenario.

type TrackSetup = {
  track: string;
  spec: BlueprintSpec;
  /** Per major (null for a track without): the mock pools' items with their part. */
  ways: {
    major: string | null;
    items: (BenchItem & { partId: string })[];
    template: TrackProfile;
  }[];
};

function setupTrack(track: string, spec: BlueprintSpec): TrackSetup {
  const majors = majorOptions(spec);
  const ways = (majors.length === 0 ? [null] : majors).map((major) => {
    const pools = partPools(spec, allItems, major);
    const items = pools.flatMap((pool, i) =>
      pool.map((q) => ({ ...(q as BenchItem), partId: spec.parts[i]?.id ?? '' })),
    );
    const profiled: ProfiledItem[] = items.map((q) => ({ ...q, difficulty: 0 }));
    return { major, items, template: trackProfile(spec, profiled, major) };
  });
  return { track, spec, ways };
}

type Truth = { b: Map<string, number>; a: Map<string, number> };

function makeTruth(setup: TrackSetup, scenario: Scenario, random: () => number): Truth {
  const b = new Map<string, number>();
  const a = new Map<string, number>();
  for (const way of setup.ways) {
    for (const q of way.items) {
      if (b.has(q.id)) continue;
      b.set(
        q.id,
        seedDifficulty(q.label).mean * scenario.labelScale + scenario.labelNoise * normal(random),
      );
      a.set(q.id, Math.exp(scenario.discrimination * normal(random)));
    }
  }
  return { b, a };
}

/** The profile with the items' current difficulty beliefs (the template's shares, fresh means). */
function refreshProfile(
  template: TrackProfile,
  itemsByTopic: Map<string, string[]>,
  beliefs: Map<string, ItemDifficulty>,
): TrackProfile {
  return {
    passingAverage: template.passingAverage,
    parts: template.parts.map((part) => ({
      ...part,
      topics: part.topics.map((t) => ({
        ...t,
        difficulties: (itemsByTopic.get(`${part.partId}|${t.topicId}`) ?? []).map(
          (id) => beliefs.get(id)?.mean ?? 0,
        ),
      })),
    })),
  };
}

type Outcome = {
  policy: 'for-you' | 'random';
  predicted: number; // model P(pass) the day before the exam
  /**
   * The model gave a pass chance on the eve. Without one (a part short of answers, or no full
   * mock) quiz home shows what to do instead of a number, so there is no forecast to judge.
   */
  numbered: boolean;
  projectedMid: number | null; // model P(pass) on exam day, forecast at week 6
  rating: number; // model's predicted whole rating
  covered: boolean; // exam rating inside the model's 80 % interval
  lastMockP: number;
  lastMockRating: number;
  liteP: number;
  liteRating: number;
  examRating: number;
  /** The exam's expected rating given the student's true abilities and the items drawn. */
  examExpected: number;
  /** A fresh mock's expected rating over the whole pool (the topics' shares, as the model sees it). */
  poolExpected: number;
  /** The chance the student passes the exam drawn, given their true abilities (no exam noise drawn). */
  examPassChance: number;
  passed: boolean;
  daysToPass: number | null; // first day the true expected result passes; null if never
  passedAtStart: boolean;
};

/** P(pass) and rating of a baseline: observed part shares taken as the student's true shares. */
function baseline(
  spec: BlueprintSpec,
  shares: readonly (number | null)[],
): { p: number; rating: number } {
  const parts: PartScoreDistribution[] = spec.parts.map((part, i) => {
    const s = shares[i] ?? 0;
    const n = part.items;
    const pmf: number[] = [];
    let choose = 1;
    for (let k = 0; k <= n; k += 1) {
      pmf.push(choose * s ** k * (1 - s) ** (n - k));
      choose = (choose * (n - k)) / (k + 1);
    }
    return { items: n, weight: part.weight, floor: part.floor, pmf };
  });
  const w = spec.parts.reduce((sum, p) => sum + p.weight, 0);
  const rating = spec.parts.reduce((sum, p, i) => sum + p.weight * (shares[i] ?? 0), 0) / w;
  return { p: passProbability(parts, spec.passingAverage), rating: rating * 100 };
}

/** The distribution of the number of successes of independent trials with chances `ps`. */
function poissonBinomial(ps: readonly number[]): number[] {
  let pmf = [1];
  for (const p of ps) {
    const next = new Array<number>(pmf.length + 1).fill(0);
    for (let k = 0; k < pmf.length; k += 1) {
      next[k] = (next[k] as number) + (pmf[k] as number) * (1 - p);
      next[k + 1] = (next[k + 1] as number) + (pmf[k] as number) * p;
    }
    pmf = next;
  }
  return pmf;
}

function simulateTrack(
  setup: TrackSetup,
  scenario: Scenario,
  students: number,
  seed: string,
): Outcome[] {
  const random = seededRandom(`${seed}:${setup.track}:${scenario.name}`);
  const truth = makeTruth(setup, scenario, random);
  const { spec } = setup;
  // Everyone's answers refine the item difficulties, students one after another (a cold start).
  const beliefs = new Map<string, ItemDifficulty>();
  for (const way of setup.ways)
    for (const q of way.items) beliefs.set(q.id, seedDifficulty(q.label));
  const outcomes: Outcome[] = [];
  const mockDayKeys = mockDays(dayKey(0), dayKey(REVIEW_DAYS));
  const mockDayIndex = new Set(mockDayKeys.map((k) => daysUntil(dayKey(0), k)));
  for (let s = 0; s < students / 2; s += 1) {
    const way = setup.ways[s % setup.ways.length] as TrackSetup['ways'][number];
    const itemsByTopic = new Map<string, string[]>();
    const itemById = new Map(way.items.map((q) => [q.id, q]));
    for (const q of way.items) {
      const key = `${q.partId}|${q.topicId}`;
      itemsByTopic.set(key, [...(itemsByTopic.get(key) ?? []), q.id]);
    }
    const topics = [...itemsByTopic.keys()];
    const partOfTopic = new Map(topics.map((k) => [k, k.split('|')[0] as string]));
    // The student: general ability + part offset + topic offset; topic learnability; diligence.
    const general = normal(random) * 0.7;
    const partOffset = new Map(spec.parts.map((p) => [p.id, normal(random) * 0.35]));
    const start = new Map(
      topics.map((k) => [
        k,
        general + (partOffset.get(partOfTopic.get(k) ?? '') ?? 0) + normal(random) * 0.4,
      ]),
    );
    const learn = new Map(
      topics.map((k) => [
        k,
        Math.exp(scenario.learnSpread * normal(random) - scenario.learnSpread ** 2 / 2),
      ]),
    );
    const diligence = 0.4 + 0.55 * random();
    const studentSeed = `${seed}:${s}:${random()}`;
    // Students come in twins: the same student practising For-you, and practising at random.
    // Shift the cohort so about half the students reach the line: calibrate once per track.
    const shift = cohortShift(setup, way, truth, scenario);
    for (const policy of ['for-you', 'random'] as const) {
      outcomes.push(
        runStudent({
          setup,
          way,
          scenario,
          truth,
          beliefs,
          itemsByTopic,
          itemById,
          partOfTopic,
          learn,
          diligence,
          start: new Map([...start].map(([k, v]) => [k, v + shift])),
          policy,
          studentSeed,
          mockDayIndex,
          // Only the For-you twin's answers refine the shared difficulties, so the two twins see
          // the same bank state and every student counts once in "everyone's answers".
          refine: policy === 'for-you',
        }),
      );
    }
  }
  return outcomes;
}

const shiftCache = new Map<string, number>();
/** A constant added to every start ability so the cohort's median student starts ~0.9 logit below the line. */
function cohortShift(
  setup: TrackSetup,
  way: TrackSetup['ways'][number],
  truth: Truth,
  scenario: Scenario,
): number {
  const key = `${setup.track}:${way.major}:${scenario.name}`;
  const cached = shiftCache.get(key);
  if (cached !== undefined) return cached;
  // Solve for the uniform ability whose expected weighted rating is the passing average.
  let lo = -4;
  let hi = 6;
  for (let i = 0; i < 40; i += 1) {
    const mid = (lo + hi) / 2;
    const shares = way.template.parts.map((part) => {
      let p = 0;
      for (const t of part.topics) {
        const ids = way.items.filter((q) => q.partId === part.partId && q.topicId === t.topicId);
        p += t.share * mean(ids.map((q) => trueChance(mid, q, truth, scenario)));
      }
      return p;
    });
    const w = way.template.parts.reduce((s, p) => s + p.weight, 0);
    const rating =
      (100 * way.template.parts.reduce((s, p, i) => s + p.weight * (shares[i] ?? 0), 0)) / w;
    if (rating < setup.spec.passingAverage) lo = mid;
    else hi = mid;
  }
  const shift = lo - 0.9;
  shiftCache.set(key, shift);
  return shift;
}

function trueChance(theta: number, q: BenchItem, truth: Truth, scenario: Scenario): number {
  const c = Math.min(0.9, 1 / q.choices + scenario.guessBonus);
  const b = truth.b.get(q.id) ?? 0;
  const a = truth.a.get(q.id) ?? 1;
  return c + (1 - c - scenario.slip) * logistic(a * (theta - b));
}

function gainShape(p: number, shape: Scenario['gainShape']): number {
  if (shape === 'flat') return 1;
  if (shape === 'desirable') return (p * (1 - p)) / 0.21; // 1 at p = 0.7
  return (1 - p) / 0.3; // 1 at p = 0.7
}

function runStudent(input: {
  setup: TrackSetup;
  way: TrackSetup['ways'][number];
  scenario: Scenario;
  truth: Truth;
  beliefs: Map<string, ItemDifficulty>;
  itemsByTopic: Map<string, string[]>;
  itemById: Map<string, BenchItem & { partId: string }>;
  partOfTopic: Map<string, string>;
  learn: Map<string, number>;
  diligence: number;
  start: Map<string, number>;
  policy: 'for-you' | 'random';
  studentSeed: string;
  mockDayIndex: Set<number>;
  refine: boolean;
}): Outcome {
  const { setup, way, scenario, truth, beliefs, itemsByTopic, itemById, partOfTopic, learn } =
    input;
  const { spec } = setup;
  const random = seededRandom(`${input.studentSeed}`); // the same draws for both twins...
  const answerRandom = seededRandom(`${input.studentSeed}:answers:${input.policy}`); // ...but their own answers
  const theta = new Map(input.start);
  const siblings = new Map(
    [...itemsByTopic.keys()].map((k) => [
      k,
      [...itemsByTopic.keys()].filter((o) => o !== k && partOfTopic.get(o) === partOfTopic.get(k)),
    ]),
  );
  const floorTheta = input.start;
  const partIndex = new Map(spec.parts.map((p, i) => [p.id, i]));
  let model: StudentModel = emptyStudentModel();
  const history = new Map<string, ItemHistory>();
  const liteCorrect = spec.parts.map(() => 0);
  const liteTotal = spec.parts.map(() => 0);
  let lastMock: (number | null)[] | null = null;
  let lastMockRating = 0;
  const seen = new Map<string, number>();
  const allIds = way.items.map((q) => q.id);
  const pool: PoolItem[] = way.items.map((q) => ({
    id: q.id,
    partId: q.partId,
    topicId: q.topicId,
    difficulty: 0,
    guess: 1 / q.choices,
  }));
  const examDate = new Date(START + REVIEW_DAYS * DAY);
  let profile = refreshProfile(way.template, itemsByTopic, beliefs);
  let gains: number[] | null = null;

  const answer = (id: string, at: number, teach: number, chosen = false): boolean => {
    const q = itemById.get(id) as BenchItem & { partId: string };
    const key = `${q.partId}|${q.topicId}`;
    const th = theta.get(key) ?? 0;
    const p = trueChance(th, q, truth, scenario);
    const correct = answerRandom() < p;
    // Learning: the topic gains, the part's other topics a tenth of it; it saturates ~2 logits up.
    const room = Math.exp(-Math.max(0, th - (floorTheta.get(key) ?? 0)) / 2);
    const gain =
      teach * scenario.growth * (learn.get(key) ?? 1) * gainShape(p, scenario.gainShape) * room;
    theta.set(key, th + gain);
    for (const other of siblings.get(key) ?? [])
      theta.set(other, (theta.get(other) ?? 0) + gain / 10);
    const difficulty = beliefs.get(id) ?? seedDifficulty(q.label);
    const next = recordAnswer(
      model,
      { partId: q.partId, topicId: q.topicId, correct, at: new Date(at), chosen },
      { difficulty, guess: 1 / q.choices },
    );
    model = next.model;
    if (input.refine) beliefs.set(id, next.difficulty);
    history.set(id, nextItemHistory(history.get(id), correct, at));
    seen.set(id, at);
    return correct;
  };

  // The true expected result of a fresh mock, from the topics' items' true parameters.
  const topicTruth = way.template.parts.map((part) => ({
    part,
    topics: part.topics.map((t) => {
      const key = `${part.partId}|${t.topicId}`;
      const qs = (itemsByTopic.get(key) ?? []).map((id) => itemById.get(id) as BenchItem);
      return {
        key,
        share: t.share,
        b: Float64Array.from(qs.map((q) => truth.b.get(q.id) ?? 0)),
        a: Float64Array.from(qs.map((q) => truth.a.get(q.id) ?? 1)),
        c: Float64Array.from(qs.map((q) => Math.min(0.9, 1 / q.choices + scenario.guessBonus))),
      };
    }),
  }));
  const trueRating = (): { rating: number; passes: boolean } => {
    let weighted = 0;
    let w = 0;
    let floorsOk = true;
    for (const { part, topics } of topicTruth) {
      let share = 0;
      for (const t of topics) {
        const th = theta.get(t.key) ?? 0;
        let p = 0;
        for (let i = 0; i < t.b.length; i += 1) {
          const c = t.c[i] as number;
          p +=
            c +
            (1 - c - scenario.slip) /
              (1 + Math.exp(-(t.a[i] as number) * (th - (t.b[i] as number))));
        }
        share += (t.share * p) / Math.max(1, t.b.length);
      }
      if (share * 100 < part.floor) floorsOk = false;
      weighted += part.weight * share * 100;
      w += part.weight;
    }
    return { rating: weighted / w, passes: floorsOk && weighted / w >= spec.passingAverage };
  };
  const truePasses = (): boolean => trueRating().passes;

  const passedAtStart = truePasses();
  let daysToPass: number | null = passedAtStart ? 0 : null;
  let projectedMid: number | null = null;
  for (let day = 0; day < REVIEW_DAYS; day += 1) {
    const at = START + day * DAY;
    // Forgetting: every topic's gain above where the student started decays a little each day.
    const keep = Math.exp(-1 / scenario.forgetDays);
    for (const [key, th] of theta) {
      const base = floorTheta.get(key) ?? 0;
      if (th > base) theta.set(key, base + (th - base) * keep);
    }
    if (day === 42) {
      projectedMid =
        forecastReadiness(
          model,
          refreshProfile(way.template, itemsByTopic, beliefs),
          new Date(at),
          examDate,
        ).passChance?.examDay ?? null;
    }
    if (input.mockDayIndex.has(day) && random() < 0.85) {
      const plan = planMock(spec, way.items, `${input.studentSeed}:mock:${day}`, {
        seen,
        major: way.major,
      });
      const scored = plan.items.map((item, i) => ({
        partId: item.partId,
        isCorrect: answer(item.questionId, at + i * 60_000, 0.5),
      }));
      const result = scoreMock(spec, scored);
      lastMock = spec.parts.map((part) => {
        const r = result.parts.find((x) => x.partId === part.id);
        return r ? r.percentage / 100 : null;
      });
      lastMockRating = result.weightedRating;
      model = recordFullMock(model);
    }
    if (random() < input.diligence) {
      const sets = 1 + Math.floor(random() * 3);
      for (let k = 0; k < sets; k += 1) {
        const t = at + (3 + k) * 3_600_000;
        let ids: string[];
        if (input.policy === 'for-you') {
          if (gains === null || day % 7 === 0) {
            profile = refreshProfile(way.template, itemsByTopic, beliefs);
            for (const item of pool) item.difficulty = beliefs.get(item.id)?.mean ?? 0;
            gains = forYouPartGains(model, profile, new Date(t), examDate);
          }
          ids = selectForYou({
            model,
            profile,
            pool,
            history,
            now: new Date(t),
            examDate,
            count: LITE_SIZE,
            seed: `${input.studentSeed}:${day}:${k}`,
            partGains: gains,
          }).map((p) => p.itemId);
        } else {
          ids = pickLiteItems(allIds, LITE_SIZE, `${input.studentSeed}:${day}:${k}`);
        }
        for (const [i, id] of ids.entries()) {
          const correct = answer(id, t + i * 30_000, 1, input.policy === 'for-you');
          const part = partIndex.get(itemById.get(id)?.partId ?? '') ?? 0;
          liteTotal[part] = (liteTotal[part] ?? 0) + 1;
          if (correct) liteCorrect[part] = (liteCorrect[part] ?? 0) + 1;
        }
      }
    }
    if (daysToPass === null && truePasses()) daysToPass = day + 1;
  }
  // The forecast on the eve of the exam, then the exam: a fresh full mock, nothing learnt from it.
  // Drawn as the board draws its paper, knowing nothing of what the student practised: the
  // product's draw (least recently shown first, dbf93e6) would leave out the items For-you showed
  // last, the student's hardest, and give its students an easier exam than the pool's (their
  // final rating then read 1.0 point low against the exam drawn, 0.3 against the pool's).
  const eve = START + (REVIEW_DAYS - 1) * DAY + 12 * 3_600_000;
  const forecast = forecastReadiness(
    model,
    refreshProfile(way.template, itemsByTopic, beliefs),
    new Date(eve),
    examDate,
  );
  const examPlan = planMock(spec, way.items, `${input.studentSeed}:exam`, { major: way.major });
  const examChances = examPlan.items.map((item) => {
    const q = itemById.get(item.questionId) as BenchItem & { partId: string };
    return trueChance(theta.get(`${q.partId}|${q.topicId}`) ?? 0, q, truth, scenario);
  });
  const exam = scoreMock(
    spec,
    examPlan.items.map((item, i) => ({
      partId: item.partId,
      isCorrect: answerRandom() < (examChances[i] as number),
    })),
  );
  const partWeightSum = spec.parts.reduce((sum, part) => sum + part.weight, 0);
  const examExpected =
    spec.parts.reduce((sum, part) => {
      const mine = examPlan.items.flatMap((item, i) =>
        item.partId === part.id ? [examChances[i] as number] : [],
      );
      return sum + part.weight * mean(mine);
    }, 0) *
    (100 / partWeightSum);
  const lite = baseline(
    spec,
    liteTotal.map((n, i) => (n > 0 ? (liteCorrect[i] ?? 0) / n : 0)),
  );
  const mockBase = lastMock ? baseline(spec, lastMock) : lite;
  return {
    policy: input.policy,
    predicted: forecast.passChance?.today ?? 0.5,
    numbered: forecast.passChance !== null,
    projectedMid,
    rating: forecast.whole?.rating ?? lite.rating,
    covered: forecast.whole
      ? exam.weightedRating >= forecast.whole.low && exam.weightedRating <= forecast.whole.high
      : false,
    lastMockP: mockBase.p,
    lastMockRating: lastMock ? lastMockRating : lite.rating,
    liteP: lite.p,
    liteRating: lite.rating,
    examRating: exam.weightedRating,
    examExpected,
    poolExpected: trueRating().rating,
    examPassChance: passProbability(
      spec.parts.map((part) => ({
        items: part.items,
        weight: part.weight,
        floor: part.floor,
        pmf: poissonBinomial(
          examPlan.items.flatMap((item, i) =>
            item.partId === part.id ? [examChances[i] as number] : [],
          ),
        ),
      })),
      spec.passingAverage,
    ),
    passed: exam.passed,
    daysToPass,
    passedAtStart,
  };
}

// ---------------------------------------------------------------------------------------------
// Figures.

const brier = (ps: readonly number[], ys: readonly boolean[]) =>
  mean(ps.map((p, i) => (p - (ys[i] ? 1 : 0)) ** 2));

function calibration(
  ps: readonly number[],
  ys: readonly boolean[],
  expected: readonly number[] = [],
) {
  return Array.from({ length: 10 }, (_, d) => {
    const idx = ps.flatMap((p, i) => (Math.min(9, Math.floor(p * 10)) === d ? [i] : []));
    const predicted = mean(idx.map((i) => ps[i] ?? 0)) * 100;
    const observed = mean(idx.map((i) => (ys[i] ? 1 : 0))) * 100;
    // The pass rate the deciles' students would show over many sittings of the exams drawn: the
    // observed rate without the exam's own coin flips (a steadier read of small runs).
    const chance = mean(idx.map((i) => expected[i] ?? 0)) * 100;
    return { decile: d, n: idx.length, predicted, observed, chance };
  });
}

/** Mean days to the pass line over students who start below it; never reaching it counts 84. */
function meanDays(outcomes: readonly Outcome[], policy: Outcome['policy']) {
  const mine = outcomes.filter((o) => o.policy === policy && !o.passedAtStart);
  return {
    days: mean(mine.map((o) => o.daysToPass ?? REVIEW_DAYS)),
    reached: mine.filter((o) => o.daysToPass !== null).length / Math.max(1, mine.length),
  };
}

type Figures = {
  brier: number;
  lastMock: number;
  lite: number;
  mae: number;
  maeLastMock: number;
  maeLite: number;
  daysForYou: number;
  daysRandom: number;
  worstDecile: number;
  passRate: number;
};

/**
 * The figures over the students the model gave a number to (the baselines judged on the same
 * students), and how many it gave none; the days to the pass line count every student.
 */
function figures(
  all: readonly Outcome[],
): Figures & { table: ReturnType<typeof calibration>; judged: Outcome[]; unnumbered: number } {
  const outcomes = all.filter((o) => o.numbered);
  const ys = outcomes.map((o) => o.passed);
  const ps = outcomes.map((o) => o.predicted);
  const table = calibration(
    ps,
    ys,
    outcomes.map((o) => o.examPassChance),
  );
  return {
    brier: brier(ps, ys),
    lastMock: brier(
      outcomes.map((o) => o.lastMockP),
      ys,
    ),
    lite: brier(
      outcomes.map((o) => o.liteP),
      ys,
    ),
    mae: mean(outcomes.map((o) => Math.abs(o.rating - o.examRating))),
    maeLastMock: mean(outcomes.map((o) => Math.abs(o.lastMockRating - o.examRating))),
    maeLite: mean(outcomes.map((o) => Math.abs(o.liteRating - o.examRating))),
    daysForYou: meanDays(all, 'for-you').days,
    daysRandom: meanDays(all, 'random').days,
    // 0 when no decile holds 30 runs (a small variant run): nothing to judge.
    worstDecile: Math.max(
      0,
      ...table.filter((r) => r.n >= 30).map((r) => Math.abs(r.predicted - r.observed)),
    ),
    passRate: mean(ys.map((y) => (y ? 1 : 0))),
    table,
    judged: outcomes,
    unnumbered: all.length - outcomes.length,
  };
}

// ---------------------------------------------------------------------------------------------

const tracks = banks
  .flatMap((b) => b.blueprints.map((bp) => ({ track: b.reviewer.shorthand, spec: bp.spec })))
  .filter((t) => !onlyTrack || t.track === onlyTrack)
  .filter((t) => {
    const offered = mockReadiness(t.spec, allItems).ready;
    if (!offered) console.info(`${t.track}: not offered (its bank cannot fill the mock), skipped`);
    return offered;
  });

/**
 * Issue 23 item 7: quiz home's readiness is one read of the stored model and core's
 * `readinessSummary` over the track's profile (kept in memory by the server). A student with
 * 10,000 answers spread over the track's topics (the model's size grows with the topics touched,
 * not the answers), the stored JSON parsed as the database driver would, then the summary with an
 * exam date 60 days on: the median and the slowest of 200 runs after 50 to warm up.
 */
function readCost(track: string, spec: BlueprintSpec): void {
  const way = setupTrack(track, spec).ways[0] as TrackSetup['ways'][number];
  const random = seededRandom(`read-cost:${track}`);
  let model = emptyStudentModel();
  const at = START;
  for (let n = 0; n < 10_000; n += 1) {
    const q = way.items[Math.floor(random() * way.items.length)] as BenchItem & { partId: string };
    model = recordAnswer(
      model,
      {
        partId: q.partId,
        topicId: q.topicId,
        correct: random() < 0.7,
        at: new Date(at + Math.floor(n / 100) * DAY + (n % 100) * 60_000),
      },
      { difficulty: seedDifficulty(q.label), guess: 1 / q.choices },
    ).model;
  }
  const stored = JSON.stringify(model);
  const now = new Date(at + 101 * DAY);
  const examDay = dayKey(160);
  const times: number[] = [];
  for (let run = 0; run < 250; run += 1) {
    const t0 = performance.now();
    readinessSummary({
      model: JSON.parse(stored) as StudentModel,
      profile: way.template,
      spec,
      now,
      examDay,
    });
    if (run >= 50) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.info(
    `readiness read ${track} answers 10000 model-kb ${fmt(stored.length / 1024, 1)} ms ${fmt(times[100] ?? 0, 2)} slowest ${fmt(times.at(-1) ?? 0, 2)}`,
  );
}

if (readCostOnly) {
  for (const { track, spec } of tracks) readCost(track, spec);
  process.exit(0);
}

const started = performance.now();
console.info(
  `readiness bench: ${STUDENTS} students per track in twins (the same student practising For-you, and at random), ${REVIEW_DAYS}-day review, mocks on ${mockDays(dayKey(0), dayKey(REVIEW_DAYS)).join(', ')}, exam ${dayKey(REVIEW_DAYS)}`,
);
const lines: string[] = [];
for (const { track, spec } of variantsOnly ? [] : tracks) {
  const t0 = performance.now();
  const setup = setupTrack(track, spec);
  const outcomes = simulateTrack(
    setup,
    [BASE, ...VARIANTS, ...EXTRA].find((v) => v.name === mainScenario) ?? BASE,
    STUDENTS,
    'bench',
  );
  const f = figures(outcomes);
  // Judged where the model gave a number (quiz home shows what to do instead of one).
  const { judged } = f;
  const mid = judged.filter((o) => o.projectedMid !== null);
  const midBrier = brier(
    mid.map((o) => o.projectedMid ?? 0),
    mid.map((o) => o.passed),
  );
  const coverage = mean(judged.map((o) => (o.covered ? 1 : 0)));
  const fy = meanDays(outcomes, 'for-you');
  const rnd = meanDays(outcomes, 'random');
  console.info(
    `\n${track}: ${outcomes.length} students (${f.unnumbered} given no pass chance on the eve, as too little data: left out of the Brier, MAE and calibration of all three), pass rate ${fmt(f.passRate * 100, 1)} %, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.info(
    `  Brier: model ${fmt(f.brier)} | last mock ${fmt(f.lastMock)} | lite accuracy ${fmt(f.lite)} | model's exam-day projection from week 6 ${fmt(midBrier)}`,
  );
  for (const policy of ['for-you', 'random'] as const) {
    const mine = judged.filter((o) => o.policy === policy);
    console.info(
      `  ${policy}: bias of the final rating (predicted − exam) ${fmt(mean(mine.map((o) => o.rating - o.examRating)), 2)} (− the exam's expected rating ${fmt(mean(mine.map((o) => o.rating - o.examExpected)), 2)}, − a fresh mock's over the pool ${fmt(mean(mine.map((o) => o.rating - o.poolExpected)), 2)}), mean P ${fmt(mean(mine.map((o) => o.predicted)), 3)} vs pass rate ${fmt(mean(mine.map((o) => (o.passed ? 1 : 0))), 3)}`,
    );
  }
  console.info(
    `  MAE of the final rating: model ${fmt(f.mae, 2)} | last mock ${fmt(f.maeLastMock, 2)} | lite accuracy ${fmt(f.maeLite, 2)}; exam inside the model's 80 % interval: ${fmt(coverage * 100, 1)} %`,
  );
  console.info(
    `  days to the pass line (students starting below it; never = ${REVIEW_DAYS}): For-you ${fmt(fy.days, 1)} (${fmt(fy.reached * 100, 0)} % reach it) | random ${fmt(rnd.days, 1)} (${fmt(rnd.reached * 100, 0)} %)`,
  );
  // se: one standard error of the observed rate of a calibrated model (the exam's coin flips).
  console.info(
    '  calibration  decile   n     predicted  observed  diff   se    (true chance  diff)',
  );
  for (const r of f.table) {
    if (r.n === 0) continue;
    console.info(
      `               ${String(r.decile * 10).padStart(2)}–${String(r.decile * 10 + 10).padEnd(3)} ${String(r.n).padStart(5)}  ${fmt(r.predicted, 1).padStart(8)}  ${fmt(r.observed, 1).padStart(8)}  ${fmt(r.observed - r.predicted, 1).padStart(5)}  ${fmt(Math.sqrt((r.predicted * (100 - r.predicted)) / r.n), 1).padStart(4)}   ${fmt(r.chance, 1).padStart(8)}  ${fmt(r.chance - r.predicted, 1).padStart(5)}`,
    );
  }
  lines.push(
    `readiness ${track} brier ${fmt(f.brier)} last-mock ${fmt(f.lastMock)} lite ${fmt(f.lite)} mae ${fmt(f.mae, 2)} days-for-you ${fmt(f.daysForYou, 1)} days-random ${fmt(f.daysRandom, 1)}`,
  );
}

if (withVariants && tracks.length > 0) {
  console.info(
    `\nSpread over simulator variants (${VARIANT_STUDENTS} students per track each; worst decile counts deciles of ≥ 30 runs):`,
  );
  console.info(
    '  variant              track        brier  last-mock  lite    mae   worst-decile  days-fy  days-rnd',
  );
  const all: Figures[] = [];
  for (const scenario of VARIANTS) {
    for (const { track, spec } of tracks) {
      const f = figures(
        simulateTrack(setupTrack(track, spec), scenario, VARIANT_STUDENTS, 'variant'),
      );
      all.push(f);
      console.info(
        `  ${scenario.name.padEnd(20)} ${track.padEnd(11)} ${fmt(f.brier)}  ${fmt(f.lastMock)}    ${fmt(f.lite)}  ${fmt(f.mae, 2)}  ${fmt(f.worstDecile, 1).padStart(8)}      ${fmt(f.daysForYou, 1).padStart(5)}    ${fmt(f.daysRandom, 1).padStart(5)}`,
      );
    }
  }
  const range = (pick: (f: Figures) => number, d = 4) =>
    `${fmt(Math.min(...all.map(pick)), d)}–${fmt(Math.max(...all.map(pick)), d)}`;
  console.info(
    `  spread: brier ${range((f) => f.brier)}, last-mock ${range((f) => f.lastMock)}, lite ${range((f) => f.lite)}, mae ${range((f) => f.mae, 2)}, worst decile ${range((f) => f.worstDecile, 1)} points, days For-you ${range((f) => f.daysForYou, 1)}, random ${range((f) => f.daysRandom, 1)}`,
  );
  console.info(
    `  model beats both baselines' Brier in ${all.filter((f) => f.brier < f.lastMock && f.brier < f.lite).length} of ${all.length}; For-you faster in ${all.filter((f) => f.daysForYou < f.daysRandom).length} of ${all.length}`,
  );
}

console.info(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (const line of lines) console.info(line);
