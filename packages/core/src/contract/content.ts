import { z } from 'zod';
import { REPORT_HOLD_THRESHOLD_RANGE } from '../item-reports.ts';

/**
 * The content file format (issue 4 "Import"; docs/content-format.md): one reviewer's subjects,
 * topics, questions, flash cards, notes and exam blueprints. Ids are stable, chosen by the author,
 * and make a re-import update rows instead of duplicating them. The same schema validates the
 * bundled bank, `npm run content:import` and the staff console's import.
 */
const id = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9][a-z0-9._-]{0,119}$/,
    'Use lower-case letters, digits, dot, dash or underscore.',
  );
const text = (max: number) => z.string().trim().min(1).max(max);
/** Every piece of content has its own id and sits in a topic. */
const inTopic = { id, topicId: id };

export const questionContentSchema = z
  .object({
    ...inTopic,
    stem: text(2000),
    choices: z.array(text(500)).min(2).max(6),
    answerIndex: z.number().int().nonnegative(),
    rationale: text(2000),
    /** Why each choice is wrong, index-aligned with choices; null (or omitted) where nothing is said. */
    distractorNotes: z.array(z.string().trim().max(1000).nullable()).optional(),
    difficulty: z.number().int().min(1).max(3).default(2),
    /**
     * A classroom (or workplace) case, then the question (issue 12: at least half of LET
     * Professional Education is situational, as on the real exam); `npm run content:check` counts it.
     */
    situational: z.boolean().default(false),
  })
  .refine((q) => q.answerIndex < q.choices.length, {
    message: 'answerIndex must point at one of the choices.',
    path: ['answerIndex'],
  })
  .refine((q) => q.distractorNotes === undefined || q.distractorNotes.length === q.choices.length, {
    message: 'distractorNotes must have one entry per choice.',
    path: ['distractorNotes'],
  });
export type QuestionContent = z.infer<typeof questionContentSchema>;

export const flashCardContentSchema = z.object({
  ...inTopic,
  front: text(1000),
  back: text(1000),
  rationale: z.string().trim().max(2000).optional(),
});
export type FlashCardContent = z.infer<typeof flashCardContentSchema>;

export const noteContentSchema = z.object({
  ...inTopic,
  title: text(200),
  /** Markdown; rendered without raw HTML. */
  body: text(50_000),
  sortOrder: z.number().int().default(0),
});
export type NoteContent = z.infer<typeof noteContentSchema>;

/**
 * An exam's blueprint (docs/product.md#quiz), whose types `BlueprintPart` and `BlueprintSpec` live with
 * the rules that read them (blueprint.ts): parts drawn from subjects, each with its item count,
 * minutes, weight in the rating and a per-part floor; the passing average; how many sittings.
 */
/**
 * An official strand of a part (issue 24 item 3): a name, the share of the part's items it takes
 * and the topics it draws from.
 */
export const blueprintStrandSchema = z.object({
  id,
  name: text(200),
  /** Share of the part's items, 0–1; a part's strand shares add up to 1. */
  share: z.number().positive().max(1),
  topicIds: z.array(id).min(1),
});

export const blueprintPartSchema = z.object({
  id,
  name: text(200),
  subjectIds: z.array(id).min(1),
  items: z.number().int().positive().max(500),
  minutes: z.number().int().positive().max(600),
  /** Share of the weighted rating, 0–1; a blueprint's weights add up to 1. */
  weight: z.number().positive().max(1),
  /** Lowest passing percentage for this part (0 = no floor). */
  floor: z.number().min(0).max(100).default(0),
  /** Only these topics of the part's subjects are drawn (the official coverage). */
  topicIds: z.array(id).min(1).optional(),
  /** The subjects are alternatives: the student's major picks the one drawn from. */
  major: z.boolean().optional(),
  /** The part's official strands, each with its share; only their topics are drawn. */
  strands: z.array(blueprintStrandSchema).min(1).optional(),
});

export const blueprintSpecSchema = z
  .object({
    parts: z.array(blueprintPartSchema).min(1),
    /** Lowest passing weighted average, in percent. */
    passingAverage: z.number().min(0).max(100),
    sittings: z.number().int().positive().default(1),
  })
  .refine((b) => Math.abs(b.parts.reduce((sum, p) => sum + p.weight, 0) - 1) < 1e-6, {
    message: 'Part weights must add up to 1.',
    path: ['parts'],
  })
  // A blueprint in sittings takes each part as its own sitting (issue 12 "LET in sittings").
  .refine((b) => b.sittings === 1 || b.sittings === b.parts.length, {
    message: 'A blueprint in sittings has one sitting per part.',
    path: ['sittings'],
  })
  .refine((b) => b.parts.every((p) => !p.major || p.subjectIds.length >= 2), {
    message: 'A major part offers at least two subjects.',
    path: ['parts'],
  })
  .superRefine((b, ctx) => {
    b.parts.forEach((part, i) => {
      if (!part.strands) return;
      const path = ['parts', i, 'strands'];
      const problem = (message: string) => ctx.addIssue({ code: 'custom', path, message });
      // Each major has its own areas: one set of strands cannot weigh them all.
      if (part.major) problem('A major part has no strands.');
      if (Math.abs(part.strands.reduce((sum, s) => sum + s.share, 0) - 1) >= 1e-6)
        problem('Strand shares must add up to 1.');
      const ids = part.strands.map((s) => s.id);
      if (new Set(ids).size !== ids.length) problem('Two strands have the same id.');
      const topics = part.strands.flatMap((s) => s.topicIds);
      // A topic in two strands would count toward both shares.
      if (new Set(topics).size !== topics.length) problem('A topic is in two strands.');
      const named = part.topicIds;
      if (named && topics.some((t) => !named.includes(t)))
        problem("A strand's topics must be among the part's topicIds.");
    });
  });

export const blueprintContentSchema = z.object({
  id,
  name: text(200),
  spec: blueprintSpecSchema,
});
export type BlueprintContent = z.infer<typeof blueprintContentSchema>;

export const subjectContentSchema = z.object({
  id,
  name: text(200),
  sortOrder: z.number().int().default(0),
});
export type SubjectContent = z.infer<typeof subjectContentSchema>;

export const topicContentSchema = z.object({
  id,
  subjectId: id,
  name: text(200),
  sortOrder: z.number().int().default(0),
});
export type TopicContent = z.infer<typeof topicContentSchema>;

/** The kinds of rows a bundle carries, in the order they are written (parents first). */
export const CONTENT_KINDS = [
  'subjects',
  'topics',
  'questions',
  'flashCards',
  'notes',
  'blueprints',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const contentBundleSchema = z
  .object({
    /**
     * The reviewer must already exist (the reviewers are seeded by migration and carry access
     * claims and plans); `abbreviation` and `name` are for the reader of the file and are not
     * written, so a content file cannot rename a reviewer students pick at onboarding.
     */
    reviewer: z.object({
      shorthand: z.string().trim().min(1).max(32),
      abbreviation: text(32).optional(),
      name: text(200).optional(),
    }),
    subjects: z.array(subjectContentSchema).default([]),
    /**
     * Another reviewer's subjects this reviewer's students also study and sit (issue 12: LET
     * Secondary shares LET Elementary's General and Professional Education — one set of items).
     * Absent: the shared subjects stay as they are; [] shares none.
     */
    sharedSubjects: z
      .array(z.object({ subjectId: id, sortOrder: z.number().int().default(0) }))
      .optional(),
    topics: z.array(topicContentSchema).default([]),
    questions: z.array(questionContentSchema).default([]),
    flashCards: z.array(flashCardContentSchema).default([]),
    notes: z.array(noteContentSchema).default([]),
    blueprints: z.array(blueprintContentSchema).default([]),
  })
  .superRefine(
    (bundle, ctx) => {
      // Ids are the upsert key: a second row with the same id would silently overwrite the first.
      // Runs even when other rows are invalid (`when`), so the author sees every problem at once;
      // the data may then be partly invalid, hence the defensive reads.
      for (const kind of CONTENT_KINDS) {
        const rows: unknown = bundle[kind];
        if (!Array.isArray(rows)) continue;
        const seen = new Map<string, number>();
        rows.forEach((row: unknown, index) => {
          const rowId = (row as { id?: unknown } | null)?.id;
          if (typeof rowId !== 'string') return;
          const first = seen.get(rowId);
          if (first === undefined) seen.set(rowId, index);
          else
            ctx.addIssue({
              code: 'custom',
              path: [kind, index, 'id'],
              message: `Duplicate id ${rowId} (also ${kind}[${first}]).`,
            });
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type ContentBundle = z.infer<typeof contentBundleSchema>;
export type ContentBundleInput = z.input<typeof contentBundleSchema>;

// ---------------------------------------------------------------------------------------------
// Import (CLI and staff console) and the reported-items queue: the staff API's contract.
// ---------------------------------------------------------------------------------------------

export const importCountsSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** What an import did (or, for a dry run, would do), per kind of row. */
export const importReportSchema = z.object({
  reviewer: z.string(),
  subjects: importCountsSchema,
  topics: importCountsSchema,
  questions: importCountsSchema,
  flashCards: importCountsSchema,
  notes: importCountsSchema,
  blueprints: importCountsSchema,
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** One problem in a content file; `line` is 1-based, null when no line can be named. */
export const contentErrorSchema = z.object({
  line: z.number().int().positive().nullable(),
  message: z.string(),
});
export type ContentError = z.infer<typeof contentErrorSchema>;

/** A content file is at most 5 MB of text (the bundled banks are well under 1 MB each). */
export const CONTENT_FILE_MAX_CHARS = 5 * 1024 * 1024;

export const contentImportRequestSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/\.(json|csv)$/i, 'Choose a .json or .csv file.'),
  text: z
    .string()
    .min(1, 'The file is empty.')
    .max(CONTENT_FILE_MAX_CHARS, 'The file is too large.'),
  dryRun: z.boolean().default(false),
});
export type ContentImportRequest = z.input<typeof contentImportRequestSchema>;

export const contentImportResponseSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), dryRun: z.boolean(), report: importReportSchema }),
  z.object({ ok: z.literal(false), errors: z.array(contentErrorSchema) }),
]);
export type ContentImportResponse = z.infer<typeof contentImportResponseSchema>;

/**
 * What the staff console shows of a question wherever it lists one (the reported-items queue, item
 * analysis): where it sits, its text and its key.
 */
export const staffQuestionFields = {
  reviewerShorthand: z.string(),
  subjectName: z.string(),
  topicName: z.string(),
  stem: z.string(),
  choices: z.array(z.string()),
  answerIndex: z.number().int(),
};

/** An open report in the staff queue (a student's or item analysis's), with the question and its key. */
export const reportedItemSchema = z.object({
  id: z.uuid(),
  reason: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** `analysis`: raised by the item-analysis job (issue 12 item 6), with no student behind it. */
  source: z.enum(['student', 'analysis']),
  /** The student who reported it; null for an analysis flag. */
  reporter: z
    .object({ userId: z.uuid(), email: z.string(), displayName: z.string().nullable() })
    .nullable(),
  /** Other open reports on the same question (a fix resolves them all). */
  openReportsOnQuestion: z.number().int().positive(),
  /** The reporter's open reports, this one included (0 for an analysis flag): one student's spree shows. */
  reporterOpenReports: z.number().int().nonnegative(),
  question: z.object({
    id: z.string(),
    ...staffQuestionFields,
    rationale: z.string(),
    distractorNotes: z.array(z.string().nullable()).nullable(),
    difficulty: z.number().int(),
    heldAt: z.iso.datetime({ offset: true }).nullable(),
  }),
});
export type ReportedItem = z.infer<typeof reportedItemSchema>;

export const reportedItemsResponseSchema = z.object({
  /** The oldest open reports, up to the queue's limit. */
  reports: z.array(reportedItemSchema),
  /** Every open report, those past the limit too. */
  total: z.number().int().nonnegative(),
});
export type ReportedItemsResponse = z.infer<typeof reportedItemsResponseSchema>;

/** Mark fixed, optionally with the corrected question (the fields given replace the old ones). */
export const fixReportRequestSchema = z.object({
  question: z
    .object({
      stem: text(2000),
      choices: z.array(text(500)).min(2).max(6),
      answerIndex: z.number().int().nonnegative(),
      rationale: text(2000),
      distractorNotes: z.array(z.string().trim().max(1000).nullable()).nullable(),
      difficulty: z.number().int().min(1).max(3),
    })
    .partial()
    .optional(),
});
export type FixReportRequest = z.infer<typeof fixReportRequestSchema>;

/**
 * How many distinct students' open reports hold an item for everyone (issue 21 finding 2; core
 * item-reports.ts). Staff change it in the console.
 */
export const reportSettingsSchema = z.object({
  holdThreshold: z
    .number()
    .int()
    .min(REPORT_HOLD_THRESHOLD_RANGE.min)
    .max(REPORT_HOLD_THRESHOLD_RANGE.max),
});
export type ReportSettings = z.infer<typeof reportSettingsSchema>;

/** Dismissing every open report of one student (a spree): what it closed and released. */
export const reporterDismissResponseSchema = z.object({
  resolved: z.number().int().nonnegative(),
  released: z.number().int().nonnegative(),
});
export type ReporterDismissResponse = z.infer<typeof reporterDismissResponseSchema>;

export const reportActionResponseSchema = z.object({
  questionId: z.string(),
  /** Reports this action resolved. */
  resolved: z.number().int().nonnegative(),
  /** True when the question is back in mocks (no open report left). */
  released: z.boolean(),
});
export type ReportActionResponse = z.infer<typeof reportActionResponseSchema>;
