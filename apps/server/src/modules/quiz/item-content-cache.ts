import type { Db } from '../../platform/db/client.ts';
import { type ItemContent, loadItemContent } from './attempt-view.read-model.ts';

/**
 * What an unrevealed quiz item shows of its question (topic name, stem, choices), serialised once
 * per content version and kept per database (issue 10: a 170-item resume reads the answers, not
 * 170 questions). Valid across any number of server processes without messages: every resume reads
 * the content version in its own statement, and a version this cache does not hold empties it
 * (schema/quiz.ts contentVersion: triggers move it with every change to what an item shows).
 */

/**
 * The opening of an unrevealed item in the contract's JSON, UTF-8 encoded once:
 * `{"questionId":…,"topicName":…,"stem":…,"choices":[…],` — or null: not in the bank.
 */
export type ContentFragment = Buffer | null;

/** The bank of a busy server is a few thousand questions: a bound far above it. */
const MAX_ENTRIES = 50_000;

class ItemContentCache {
  version: number | null = null;
  readonly fragments = new Map<string, ContentFragment>();

  hold(version: number) {
    if (this.version === version && this.fragments.size < MAX_ENTRIES) return;
    this.fragments.clear();
    this.version = version;
  }
}

// One cache per database: tests open several in one process, with the same question ids.
const caches = new WeakMap<Db, ItemContentCache>();

export function serializeContent(questionId: string, content: ItemContent): Buffer {
  return Buffer.from(
    `{"questionId":${JSON.stringify(questionId)},"topicName":${JSON.stringify(content.topicName)},"stem":${JSON.stringify(content.stem)},"choices":${JSON.stringify(content.choices)},`,
  );
}

/**
 * The fragments of these questions as of `version` (read by the caller's statement); the ones not
 * held are read now. When the content moved in between, the newer fragments are used and kept.
 */
export async function contentFragments(
  db: Db,
  questionIds: readonly string[],
  version: number,
): Promise<Map<string, ContentFragment>> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ItemContentCache();
    caches.set(db, cache);
  }
  cache.hold(version);
  const out = new Map<string, ContentFragment>();
  const missing: string[] = [];
  for (const id of questionIds) {
    const held = cache.fragments.get(id);
    if (held === undefined) missing.push(id);
    else out.set(id, held);
  }
  if (missing.length === 0) return out;
  const { content, contentVersion } = await loadItemContent(db, missing);
  if (contentVersion !== null) cache.hold(contentVersion);
  for (const id of missing) {
    const found = content.get(id);
    const fragment = found ? serializeContent(id, found) : null;
    out.set(id, fragment);
    cache.fragments.set(id, fragment);
  }
  return out;
}
