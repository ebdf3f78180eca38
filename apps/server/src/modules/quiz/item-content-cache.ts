import { type Db, type Executor, perDatabase } from '../../platform/db/client.ts';
import {
  type ItemContent,
  type ItemKey,
  loadItemContent,
  loadItemKeys,
  type QuestionsAt,
} from './attempt-view.read-model.ts';

/**
 * What a quiz item shows of its question, serialised once per content version and kept per
 * database: the opening every item has (topic name, stem, choices; issue 10: a 170-item resume
 * reads the answers, not 170 questions), and the reveal an item shows once its key may be seen
 * (issue 25: a submit's reply was a quarter of its CPU in JSON.stringify and UTF-8 encoding).
 * Valid across any number of server processes without messages: every reply reads the content
 * version in its own statement, and a version this cache does not hold empties it (schema/quiz.ts
 * contentVersion: triggers move it with every change to what an item shows).
 */

/**
 * The opening of an item in the contract's JSON, UTF-8 encoded once:
 * `{"questionId":…,"topicName":…,"stem":…,"choices":[…],` — or null: not in the bank.
 */
export type ContentFragment = Buffer | null;

/**
 * The closing of a revealed item, UTF-8 encoded once:
 * `"reveal":{"answerIndex":…,"rationale":…,"distractorNotes":…}}` — or null: not in the bank.
 */
export type RevealFragment = Buffer | null;

/** The bank of a busy server is a few thousand questions: a bound far above it. */
const MAX_ENTRIES = 50_000;

class ItemFragmentCache {
  version: number | null = null;
  readonly openings = new Map<string, ContentFragment>();
  readonly reveals = new Map<string, RevealFragment>();

  hold(version: number) {
    const size = this.openings.size + this.reveals.size;
    if (this.version === version && size < MAX_ENTRIES) return;
    this.openings.clear();
    this.reveals.clear();
    this.version = version;
  }
}

const cacheOf = perDatabase(() => new ItemFragmentCache());

export function serializeContent(questionId: string, content: ItemContent): Buffer {
  return Buffer.from(
    `{"questionId":${JSON.stringify(questionId)},"topicName":${JSON.stringify(content.topicName)},"stem":${JSON.stringify(content.stem)},"choices":${JSON.stringify(content.choices)},`,
  );
}

export function serializeReveal(key: ItemKey): Buffer {
  return Buffer.from(
    `"reveal":{"answerIndex":${JSON.stringify(key.answerIndex)},"rationale":${JSON.stringify(key.rationale)},"distractorNotes":${JSON.stringify(key.distractorNotes)}}}`,
  );
}

/**
 * The fragments of these questions as of `version` (read by the caller's statement) from one of
 * the cache's maps; the ones not held are read now. When the content moved in between, the newer
 * fragments are used and kept. A read that found none of them says no version: its "not in the
 * bank" is kept only while the cache is still at `version`, never under a newer version another
 * request moved it to, where those questions may be back. (Exported for its test.)
 */
export function fragmentsFrom<T>(
  held: (cache: ItemFragmentCache) => Map<string, Buffer | null>,
  read: (ex: Executor, ids: readonly string[]) => Promise<QuestionsAt<T>>,
  serialize: (questionId: string, found: T) => Buffer,
) {
  return async (
    db: Db,
    questionIds: readonly string[],
    version: number,
  ): Promise<Map<string, Buffer | null>> => {
    const cache = cacheOf(db);
    cache.hold(version);
    const out = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const id of questionIds) {
      const fragment = held(cache).get(id);
      if (fragment === undefined) missing.push(id);
      else out.set(id, fragment);
    }
    if (missing.length === 0) return out;
    const { found, contentVersion } = await read(db, missing);
    if (contentVersion !== null) cache.hold(contentVersion);
    const keep = contentVersion !== null || cache.version === version;
    for (const id of missing) {
      const one = found.get(id);
      const fragment = one ? serialize(id, one) : null;
      out.set(id, fragment);
      if (keep) held(cache).set(id, fragment);
    }
    return out;
  };
}

/** The openings of these questions as of `version`. */
const contentFragments = fragmentsFrom(
  (cache) => cache.openings,
  loadItemContent,
  serializeContent,
);

/** The reveals of these questions as of `version`. */
const revealFragments = fragmentsFrom(
  (cache) => cache.reveals,
  loadItemKeys,
  (_questionId, key) => serializeReveal(key),
);

/**
 * The openings of `openingIds` and the reveals of `revealIds`, of one content version: `version`
 * (read by the caller's statement), or the newer one a read met, both taken again at it (a
 * stem from before an edit is never shown with a rationale from after it).
 */
export async function itemFragments(
  db: Db,
  openingIds: readonly string[],
  revealIds: readonly string[],
  version: number,
): Promise<{ openings: Map<string, ContentFragment>; reveals: Map<string, RevealFragment> }> {
  let at = version;
  for (let tries = 0; ; tries++) {
    const openings = await contentFragments(db, openingIds, at);
    const reveals =
      revealIds.length === 0
        ? new Map<string, RevealFragment>()
        : await revealFragments(db, revealIds, at);
    const held = cacheOf(db).version;
    if (held === null || held === at || tries > 0) return { openings, reveals };
    at = held;
  }
}
