import { describe, expect, it } from 'vitest';
import type { QuestionsAt } from '../../src/modules/quiz/attempt-view.read-model.ts';
import { fragmentsFrom } from '../../src/modules/quiz/item-content-cache.ts';
import type { Db } from '../../src/platform/db/client.ts';

type Stem = { stem: string };

describe("the item fragments' cache (item-content-cache.ts)", () => {
  it('a read that found nothing, answered after the cache moved on, is not kept under the newer version', async () => {
    // The cache is kept per database: any object stands for one here.
    const db = {} as Db;
    const answers: ((at: QuestionsAt<Stem>) => void)[] = [];
    let reads = 0;
    const stems = fragmentsFrom<Stem>(
      (cache) => cache.openings,
      () => {
        reads += 1;
        return new Promise((resolve) => answers.push(resolve));
      },
      (id, found) => Buffer.from(`${id}:${found.stem}`),
    );
    // A reply at version 5 reads q1 and finds it gone; before that read answers, a question q1
    // is back at version 6 and a reply there reads it and answers first.
    const old = stems(db, ['q1'], 5);
    const fresh = stems(db, ['q1'], 6);
    answers[1]?.({ found: new Map([['q1', { stem: 'Back?' }]]), contentVersion: 6 });
    expect((await fresh).get('q1')?.toString()).toBe('q1:Back?');
    answers[0]?.({ found: new Map(), contentVersion: null });
    // Each reply used what its own read found.
    expect((await old).get('q1')).toBeNull();
    // The next reply at version 6 is served q1, held: nothing is read.
    expect((await stems(db, ['q1'], 6)).get('q1')?.toString()).toBe('q1:Back?');
    expect(reads).toBe(2);
  });
});
