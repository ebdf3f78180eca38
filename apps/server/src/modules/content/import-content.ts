import type { ContentBundle, ImportCounts, ImportReport } from '@pasado/core';
import type { Executor, Tx } from '../../platform/db/client.ts';
import {
  blueprintOwners,
  type ContentKind,
  type ContentRow,
  findContentRows,
  insertContentRows,
  itemOwners,
  subjectOwners,
  topicOwners,
  topicSubjects,
  updateContentRow,
} from './import.repository.ts';
import type { ContentIssue } from './parse-content-file.ts';
import { listSharedSubjectIds, replaceSharedSubjects } from './reviewer-subjects.repository.ts';
import { findReviewer, listReviewers } from './reviewers.repository.ts';

/** The bundle points at something that does not exist or belongs to another reviewer. */
export class ContentImportError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    super(issues.map((i) => i.message).join('\n'));
    this.name = 'ContentImportError';
  }
}

/**
 * Writes one reviewer's bundle (already validated by `contentBundleSchema`) in ONE transaction:
 * rows are upserted by their author-chosen id, so a re-import updates and never duplicates, and a
 * question whose text changed keeps its id (and so its students' history and open reports).
 *
 * Rows in the database that a re-import no longer lists are left alone: deleting a question would
 * cascade into attempts, reports and study history, and a partial file (say, one new topic) is a
 * normal thing to import. Retiring content is a deliberate staff decision, not an import side effect.
 *
 * Throws ContentImportError (nothing written) when an id points nowhere or crosses reviewers.
 */
export async function importContent(ex: Executor, bundle: ContentBundle): Promise<ImportReport> {
  return ex.transaction(async (tx) => {
    await checkReferences(tx, bundle);
    const reviewer = bundle.reviewer.shorthand;
    const report: ImportReport = {
      reviewer,
      subjects: await upsert(
        tx,
        'subjects',
        bundle.subjects.map((s) => ({
          id: s.id,
          reviewerShorthand: reviewer,
          name: s.name,
          sortOrder: s.sortOrder,
        })),
      ),
      topics: await upsert(
        tx,
        'topics',
        bundle.topics.map((t) => ({
          id: t.id,
          subjectId: t.subjectId,
          name: t.name,
          sortOrder: t.sortOrder,
        })),
      ),
      // heldAt is not written: an open report keeps the item out of mocks until staff clear it.
      questions: await upsert(
        tx,
        'questions',
        bundle.questions.map((q) => ({
          id: q.id,
          topicId: q.topicId,
          stem: q.stem,
          choices: q.choices,
          answerIndex: q.answerIndex,
          rationale: q.rationale,
          distractorNotes: q.distractorNotes ?? null,
          difficulty: q.difficulty,
          situational: q.situational,
        })),
      ),
      flashCards: await upsert(
        tx,
        'flashCards',
        bundle.flashCards.map((c) => ({
          id: c.id,
          topicId: c.topicId,
          front: c.front,
          back: c.back,
          rationale: c.rationale ?? null,
        })),
      ),
      notes: await upsert(
        tx,
        'notes',
        bundle.notes.map((n) => ({
          id: n.id,
          topicId: n.topicId,
          title: n.title,
          body: n.body,
          sortOrder: n.sortOrder,
        })),
      ),
      blueprints: await upsert(
        tx,
        'blueprints',
        bundle.blueprints.map((b) => ({
          id: b.id,
          reviewerShorthand: reviewer,
          name: b.name,
          spec: b.spec as unknown as Record<string, unknown>,
        })),
      ),
    };
    await syncSharedSubjects(tx, reviewer, bundle.sharedSubjects);
    return report;
  });
}

/**
 * The subjects the reviewer shares after an import: the file's list when it has one, else the ones
 * shared so far. (Its own subjects are listed by a trigger on `subjects`, migration 0010.)
 */
async function syncSharedSubjects(
  tx: Tx,
  reviewer: string,
  shared: ContentBundle['sharedSubjects'],
): Promise<void> {
  if (shared !== undefined) await replaceSharedSubjects(tx, reviewer, shared);
}

/** Stable JSON: jsonb gives object keys back in its own order, which must not read as a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

/** Inserts new ids, rewrites rows whose columns differ, and counts the unchanged ones. */
async function upsert(tx: Tx, kind: ContentKind, rows: ContentRow[]): Promise<ImportCounts> {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const existing = await findContentRows(
    tx,
    kind,
    rows.map((r) => r.id),
  );
  const fresh: ContentRow[] = [];
  for (const row of rows) {
    const old = existing.get(row.id);
    if (!old) {
      fresh.push(row);
      counts.created += 1;
    } else if (Object.keys(row).every((k) => canonical(old[k] ?? null) === canonical(row[k]))) {
      counts.unchanged += 1;
    } else {
      await updateContentRow(tx, kind, row);
      counts.updated += 1;
    }
  }
  await insertContentRows(tx, kind, fresh);
  return counts;
}

/**
 * Every id the bundle points at exists in the bundle or the database, under the same reviewer, and
 * no id the bundle writes belongs to another reviewer (writing it would move that reviewer's row
 * into this one).
 */
async function checkReferences(tx: Tx, bundle: ContentBundle): Promise<void> {
  const issues: ContentIssue[] = [];
  const reviewer = bundle.reviewer.shorthand;
  if (!(await findReviewer(tx, reviewer))) {
    const all = await listReviewers(tx);
    issues.push({
      path: ['reviewer', 'shorthand'],
      message: `Unknown reviewer ${reviewer}; use one of ${all.map((r) => r.shorthand).join(', ')}.`,
    });
  }

  /** Rows of `kind` whose id is already another reviewer's. */
  const usedElsewhere = (
    kind: ContentKind,
    label: string,
    ids: string[],
    owners: Map<string, string>,
  ) => {
    ids.forEach((id, i) => {
      const owner = owners.get(id);
      if (owner !== undefined && owner !== reviewer)
        issues.push({
          path: [kind, i, 'id'],
          message: `${label} ${id} is already used by reviewer ${owner}.`,
        });
    });
  };
  /** Why a reference to a subject or topic cannot stand, or null when it can. */
  const referenceProblem = (
    noun: 'subject' | 'topic',
    id: string,
    inBundle: Set<string>,
    owners: Map<string, string>,
  ): string | null => {
    if (inBundle.has(id)) return null;
    const owner = owners.get(id);
    if (owner === undefined)
      return `Unknown ${noun} ${id}: it is not in this file or the database.`;
    if (owner !== reviewer) {
      const Noun = noun === 'subject' ? 'Subject' : 'Topic';
      return `${Noun} ${id} belongs to reviewer ${owner}, not ${reviewer}.`;
    }
    return null;
  };

  // Subjects: the bundle's own, those it shares, and any existing ones its topics or blueprints
  // point at.
  const shared = bundle.sharedSubjects ?? [];
  const subjectOwner = await subjectOwners(tx, [
    ...bundle.subjects.map((s) => s.id),
    ...shared.map((s) => s.subjectId),
    ...bundle.topics.map((t) => t.subjectId),
    ...bundle.blueprints.flatMap((b) => b.spec.parts.flatMap((p) => p.subjectIds)),
  ]);
  usedElsewhere(
    'subjects',
    'Subject id',
    bundle.subjects.map((s) => s.id),
    subjectOwner,
  );
  shared.forEach((s, i) => {
    const owner = subjectOwner.get(s.subjectId);
    const message =
      owner === undefined
        ? `Unknown subject ${s.subjectId}: import the reviewer that owns it first.`
        : owner === reviewer
          ? `Subject ${s.subjectId} is ${reviewer}'s own; share only another reviewer's subjects.`
          : null;
    if (message) issues.push({ path: ['sharedSubjects', i, 'subjectId'], message });
  });
  const bundleSubjects = new Set(bundle.subjects.map((s) => s.id));
  // A file without `sharedSubjects` keeps what the reviewer shares (ADR 018), so its blueprints
  // may draw from those as from a list it gives.
  const sharedSubjects = new Set(
    bundle.sharedSubjects === undefined
      ? await listSharedSubjectIds(tx, reviewer)
      : shared.map((s) => s.subjectId),
  );
  const subjectProblem = (id: string) =>
    referenceProblem('subject', id, bundleSubjects, subjectOwner);
  bundle.topics.forEach((t, i) => {
    const problem = subjectProblem(t.subjectId);
    if (problem) issues.push({ path: ['topics', i, 'subjectId'], message: problem });
  });
  bundle.blueprints.forEach((b, i) => {
    b.spec.parts.forEach((p, j) => {
      p.subjectIds.forEach((subjectId, k) => {
        // A blueprint may draw from the subjects its reviewer shares.
        const problem = sharedSubjects.has(subjectId) ? null : subjectProblem(subjectId);
        if (problem)
          issues.push({
            path: ['blueprints', i, 'spec', 'parts', j, 'subjectIds', k],
            message: problem,
          });
      });
    });
  });

  // A part's topics must be topics of the part's subjects, or the part would draw nothing.
  const partTopics = bundle.blueprints.flatMap((b) =>
    b.spec.parts.flatMap((p) => p.topicIds ?? []),
  );
  const topicSubject = new Map([
    ...(await topicSubjects(tx, partTopics)),
    ...bundle.topics.map((t) => [t.id, t.subjectId] as const),
  ]);
  bundle.blueprints.forEach((b, i) => {
    b.spec.parts.forEach((p, j) => {
      (p.topicIds ?? []).forEach((topicId, k) => {
        if (!p.subjectIds.includes(topicSubject.get(topicId) ?? ''))
          issues.push({
            path: ['blueprints', i, 'spec', 'parts', j, 'topicIds', k],
            message: `Topic ${topicId} is not a topic of this part's subjects.`,
          });
      });
    });
  });

  // Topics: the bundle's own, and any existing ones its items point at.
  const items = [
    ...bundle.questions.map((q, i) => ({ kind: 'questions', i, topicId: q.topicId })),
    ...bundle.flashCards.map((c, i) => ({ kind: 'flashCards', i, topicId: c.topicId })),
    ...bundle.notes.map((n, i) => ({ kind: 'notes', i, topicId: n.topicId })),
  ];
  const topicOwner = await topicOwners(tx, [
    ...bundle.topics.map((t) => t.id),
    ...items.map((x) => x.topicId),
  ]);
  usedElsewhere(
    'topics',
    'Topic id',
    bundle.topics.map((t) => t.id),
    topicOwner,
  );
  const bundleTopics = new Set(bundle.topics.map((t) => t.id));
  for (const item of items) {
    const message = referenceProblem('topic', item.topicId, bundleTopics, topicOwner);
    if (message) issues.push({ path: [item.kind, item.i, 'topicId'], message });
  }

  for (const kind of ['questions', 'flashCards', 'notes'] as const) {
    const ids = bundle[kind].map((item) => item.id);
    usedElsewhere(kind, 'Id', ids, await itemOwners(tx, kind, ids));
  }
  const blueprintIds = bundle.blueprints.map((b) => b.id);
  usedElsewhere(
    'blueprints',
    'Blueprint id',
    blueprintIds,
    await blueprintOwners(tx, blueprintIds),
  );

  if (issues.length > 0) throw new ContentImportError(issues);
}
