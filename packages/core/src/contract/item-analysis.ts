import { z } from 'zod';
import { ITEM_FLAGS } from '../item-analysis.ts';
import { staffQuestionFields } from './content.ts';

/**
 * Staff console, Content tab: the item-analysis figures the scheduled job stored (issue 12 item 6;
 * core `item-analysis.ts` computes them). Offset pages, since staff sort by any column and jump
 * around; the set is one row per question that has responses, small enough for OFFSET.
 */
export const ITEM_STATS_SORTS = ['flag', 'difficulty', 'discrimination', 'responses'] as const;
export type ItemStatsSort = (typeof ITEM_STATS_SORTS)[number];

export const itemStatsQuerySchema = z.object({
  /** `flag` ascending lists flagged items first; an item without discrimination sorts last. */
  sort: z.enum(ITEM_STATS_SORTS).default('flag'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
/** The query as the server reads it (defaults applied). */
export type ItemStatsQuery = z.infer<typeof itemStatsQuerySchema>;

const shareSchema = z.number().min(0).max(1);

export const itemStatsRowSchema = z.object({
  questionId: z.string(),
  ...staffQuestionFields,
  responses: z.number().int().nonnegative(),
  correct: z.number().int().nonnegative(),
  difficulty: shareSchema,
  /** Null below the minimum number of responses (core `ITEM_ANALYSIS_MIN_RESPONSES`). */
  discrimination: z.number().min(-1).max(1).nullable(),
  optionShares: z.array(shareSchema),
  upperOptionShares: z.array(shareSchema),
  lowerOptionShares: z.array(shareSchema),
  flag: z.enum(ITEM_FLAGS).nullable(),
  computedAt: z.iso.datetime({ offset: true }),
});
export type ItemStatsRow = z.infer<typeof itemStatsRowSchema>;

export const itemStatsResponseSchema = z.object({
  items: z.array(itemStatsRowSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** When the job last stored figures; null before its first run with responses. */
  computedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ItemStatsResponse = z.infer<typeof itemStatsResponseSchema>;

/** What one run of the job did (the console's "Run now"). */
export const itemAnalysisRunResponseSchema = z.object({
  questions: z.number().int().nonnegative(),
  flagged: z.number().int().nonnegative(),
  /** New analysis flags filed in the reported-items queue by this run. */
  filed: z.number().int().nonnegative(),
  computedAt: z.iso.datetime({ offset: true }),
});
export type ItemAnalysisRunResponse = z.infer<typeof itemAnalysisRunResponseSchema>;
