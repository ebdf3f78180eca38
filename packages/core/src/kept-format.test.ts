import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { offlineLitePoolSchema } from './contract/learning.ts';
import { forYouKitSchema } from './contract/readiness.ts';
import { studyOfflinePackSchema, studyOfflineProgressSchema } from './contract/study.ts';
import { KEPT_FORMAT } from './kept-format.ts';

/** The contracts of the kinds a phone keeps and reads back unchecked, by content-store kind. */
const KEPT_KINDS = {
  study: studyOfflinePackSchema,
  'study-progress': studyOfflineProgressSchema,
  lite: offlineLitePoolSchema,
  'for-you': forYouKitSchema,
};

/**
 * Each format's fingerprint of those contracts. A copy kept under a format is read only by an app
 * of that format, so a contract change gets a new format (bump KEPT_FORMAT, add its line here);
 * rewriting a format's line instead would have the updated app misread what the old one kept.
 */
const FINGERPRINTS: Record<number, string> = {
  1: '2900d76891c5a51e',
};

/** FNV-1a (32 bits) of the contracts' JSON Schemas from two offsets: a change shows, nothing more. */
function fingerprint(): string {
  const text = JSON.stringify(
    Object.entries(KEPT_KINDS).map(([kind, schema]) => [
      kind,
      z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }),
    ]),
  );
  return [0x811c9dc5, 0x01000193]
    .map((offset) => {
      let hash = offset;
      for (let i = 0; i < text.length; i += 1) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193) >>> 0;
      }
      return hash.toString(16).padStart(8, '0');
    })
    .join('');
}

describe('the format of what a phone keeps (ADR 019)', () => {
  it('is bumped whenever a kept kind’s contract changes', () => {
    expect(
      fingerprint(),
      'a kept kind’s contract changed: bump KEPT_FORMAT in kept-format.ts and add its fingerprint',
    ).toBe(FINGERPRINTS[KEPT_FORMAT]);
  });
});
