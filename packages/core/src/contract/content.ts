import { z } from 'zod';

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

export const questionContentSchema = z
  .object({
    id,
    topicId: id,
    stem: text(2000),
    choices: z.array(text(500)).min(2).max(6),
    answerIndex: z.number().int().nonnegative(),
    rationale: text(2000),
    /** Why each choice is wrong, index-aligned with choices; null (or omitted) where nothing is said. */
    distractorNotes: z.array(z.string().trim().max(1000).nullable()).optional(),
    difficulty: z.number().int().min(1).max(3).default(2),
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
  id,
  topicId: id,
  front: text(1000),
  back: text(1000),
  rationale: z.string().trim().max(2000).optional(),
});
export type FlashCardContent = z.infer<typeof flashCardContentSchema>;

export const noteContentSchema = z.object({
  id,
  topicId: id,
  title: text(200),
  /** Markdown; rendered without raw HTML. */
  body: text(50_000),
  sortOrder: z.number().int().default(0),
});
export type NoteContent = z.infer<typeof noteContentSchema>;

/**
 * An exam's blueprint (DESIGN.md "Quiz"): parts drawn from subjects, each with its item count,
 * minutes, weight in the rating and a per-part floor; the passing average; how many sittings.
 */
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
});
export type BlueprintPart = z.infer<typeof blueprintPartSchema>;

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
  });
export type BlueprintSpec = z.infer<typeof blueprintSpecSchema>;

export const blueprintContentSchema = z.object({
  id,
  name: text(200),
  spec: blueprintSpecSchema,
});
export type BlueprintContent = z.infer<typeof blueprintContentSchema>;

export const contentBundleSchema = z.object({
  reviewer: z.object({
    shorthand: z.string().trim().min(1).max(32),
    abbreviation: text(32),
    name: text(200),
  }),
  subjects: z.array(z.object({ id, name: text(200), sortOrder: z.number().int().default(0) })),
  topics: z.array(
    z.object({ id, subjectId: id, name: text(200), sortOrder: z.number().int().default(0) }),
  ),
  questions: z.array(questionContentSchema).default([]),
  flashCards: z.array(flashCardContentSchema).default([]),
  notes: z.array(noteContentSchema).default([]),
  blueprints: z.array(blueprintContentSchema).default([]),
});
export type ContentBundle = z.infer<typeof contentBundleSchema>;
