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
export class LiteBankCache {
  version: number | null = null;
  readonly banks = new Map<string, readonly BankQuestion[]>();

  /**
   * The reviewer's bank at content version `version` or later, `load`ed when not held at it. A
   * bank is kept only while the cache is still at the version it was asked at: two draws of one
   * reviewer across a content change read the old bank and the new one, and the old one, answered
   * last, was kept under the new version until the next change. A bank read after the version
   * moved again is newer than `version`; kept under it, it is dropped by the next draw, which sees
   * the newer version.
   */
  async bank(
    reviewer: string,
    version: number,
    load: () => Promise<readonly BankQuestion[]>,
  ): Promise<readonly BankQuestion[]> {
    if (this.version !== version) {
      this.banks.clear();
      this.version = version;
    }
    const held = this.banks.get(reviewer);
    if (held) return held;
    const bank = await load();
    // Reviewers are a handful: the cache holds one bank each at most.
    if (this.version === version) this.banks.set(reviewer, bank);
    return bank;
  }
}

const cacheOf = perDatabase(() => new LiteBankCache());

/** The reviewer's bank at content version `version` or later (`LiteBankCache.bank`). */
export function reviewerBank(
  db: Db,
  reviewer: string,
  version: number,
): Promise<readonly BankQuestion[]> {
  return cacheOf(db).bank(reviewer, version, () => listBank(db, reviewer));
}
