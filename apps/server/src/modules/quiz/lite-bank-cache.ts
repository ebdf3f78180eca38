import { type Db, perDatabase } from '../../platform/db/client.ts';
import { type BankQuestion, listBank } from '../content/bank.repository.ts';

/**
 * A reviewer's question bank (id, topic, subject) as of a content version, kept per database and
 * process (issue 25: a lite start read the whole bank every time). Exact across processes without
 * messages, as the item content cache is: every draw reads the content version in its own
 * statement, and triggers move it with every question and topic change and every subject a
 * reviewer shares or stops sharing (migrations 0009, 0012, 0018). Holds do not move it: the draw
 * reads them itself (lite-draw.read-model.ts).
 */
class LiteBankCache {
  version: number | null = null;
  readonly banks = new Map<string, readonly BankQuestion[]>();
}

const cacheOf = perDatabase(() => new LiteBankCache());

/**
 * The reviewer's bank at content version `version` or later: read when not held at it. A bank read
 * after the version moved again is newer than `version`; kept under it, it is dropped by the next
 * draw, which sees the newer version.
 */
export async function reviewerBank(
  db: Db,
  reviewer: string,
  version: number,
): Promise<readonly BankQuestion[]> {
  const cache = cacheOf(db);
  if (cache.version !== version) {
    cache.banks.clear();
    cache.version = version;
  }
  const held = cache.banks.get(reviewer);
  if (held) return held;
  const bank = await listBank(db, reviewer);
  // Reviewers are a handful: the cache holds one bank each at most.
  cache.banks.set(reviewer, bank);
  return bank;
}
