import { contentBundleSchema } from '@pasado/core';
import { listSubjectsWithCounts } from '../../src/modules/content/bank.repository.ts';
import { importContent } from '../../src/modules/content/import-content.ts';
import { reviewerReadiness } from '../../src/modules/content/offers.ts';
import type { Db } from '../../src/platform/db/client.ts';

/**
 * Makes a track offered (issue 12: onboarding offers a track only when its bank fills its mock)
 * the way content lands in production, through the importer. A track without a blueprint gets the
 * smallest one its bank fills — a one-item mock over a subject the test seeded with at least two
 * questions, else over a sample subject of two questions. A track that has a blueprint is left as
 * its test arranged it.
 */
export async function ensureOffered(db: Db, reviewer: string): Promise<void> {
  const { readiness } = await reviewerReadiness(db, reviewer);
  if (readiness !== null) return;
  const seeded = (await listSubjectsWithCounts(db, reviewer)).find((s) => s.itemCount >= 2);
  if (seeded) {
    await importContent(
      db,
      contentBundleSchema.parse({
        reviewer: { shorthand: reviewer },
        subjects: [],
        topics: [],
        questions: [],
        flashCards: [],
        notes: [],
        blueprints: [sampleBlueprint(reviewer, seeded.id)],
      }),
    );
    return;
  }
  const subjectId = `offer.${reviewer}`;
  const topicId = `${subjectId}.topic`;
  await importContent(
    db,
    contentBundleSchema.parse({
      reviewer: { shorthand: reviewer },
      subjects: [{ id: subjectId, name: 'Sample subject', sortOrder: 99 }],
      topics: [{ id: topicId, subjectId, name: 'Sample topic', sortOrder: 0 }],
      questions: [1, 2].map((n) => ({
        id: `${topicId}.q${n}`,
        topicId,
        stem: `Sample question ${n} of ${reviewer}?`,
        choices: ['Yes', 'No'],
        answerIndex: 0,
        rationale: 'A sample item that makes the track offered.',
        distractorNotes: [null, 'The sample key is Yes.'],
        difficulty: 2,
      })),
      flashCards: [],
      notes: [],
      blueprints: [sampleBlueprint(reviewer, subjectId)],
    }),
  );
}

/** A one-item mock over one subject: the smallest blueprint a bank of two questions fills. */
function sampleBlueprint(reviewer: string, subjectId: string) {
  return {
    id: `${reviewer}.offer`,
    name: 'Sample mock',
    spec: {
      parts: [
        {
          id: `${reviewer}.offer.part`,
          name: 'Sample part',
          subjectIds: [subjectId],
          items: 1,
          minutes: 2,
          weight: 1,
          floor: 0,
        },
      ],
      passingAverage: 75,
      sittings: 1,
    },
  };
}
