import { describe, expect, it } from 'vitest';
import type { BankQuestion } from '../../src/modules/content/bank.repository.ts';
import { LiteBankCache } from '../../src/modules/quiz/lite-bank-cache.ts';

/** A bank read whose answer the test releases when it chooses. */
function pendingRead(bank: readonly BankQuestion[]) {
  let release = () => {};
  const answered = new Promise<readonly BankQuestion[]>((resolve) => {
    release = () => resolve(bank);
  });
  return { load: () => answered, release };
}

const question = (id: string): BankQuestion => ({
  id,
  topicId: 'topic',
  subjectId: 'subject',
  held: false,
});
const before = [question('q-before')];
const after = [question('q-before'), question('q-after')];

describe("the lite draw's bank cache (lite-bank-cache.ts)", () => {
  it('keeps the bank of the newer version when the older read answers last', async () => {
    const cache = new LiteBankCache();
    // A draw read version 5, then the bank; a content change (version 6) commits; a second draw
    // reads version 6 and its bank, and answers first.
    const old = pendingRead(before);
    const oldDraw = cache.bank('cse', 5, old.load);
    const fresh = pendingRead(after);
    const freshDraw = cache.bank('cse', 6, fresh.load);
    fresh.release();
    expect(await freshDraw).toEqual(after);
    old.release();
    // Each draw used the bank it read.
    expect(await oldDraw).toEqual(before);
    // The next draw at version 6 is served the new bank, held: it reads nothing.
    const unused = pendingRead([]);
    expect(await cache.bank('cse', 6, unused.load)).toEqual(after);
  });

  it('holds a bank at its version and reads again once the version moves', async () => {
    const cache = new LiteBankCache();
    let reads = 0;
    const load = (bank: readonly BankQuestion[]) => async () => {
      reads += 1;
      return bank;
    };
    expect(await cache.bank('cse', 1, load(before))).toEqual(before);
    expect(await cache.bank('cse', 1, load(after))).toEqual(before);
    expect(reads).toBe(1);
    expect(await cache.bank('cse', 2, load(after))).toEqual(after);
    expect(reads).toBe(2);
  });
});
