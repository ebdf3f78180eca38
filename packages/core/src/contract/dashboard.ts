import { z } from 'zod';

/** The staff dashboard (issue 26 item 4), GET /api/admin/dashboard: Manila weeks, oldest first. */
export const dashboardWeekSchema = z.object({
  /** Sunday 00:00 Manila time. */
  weekStart: z.iso.datetime(),
  trialsStarted: z.number().int(),
  /** Of the trials started that week, those whose account has since had a purchase approved. */
  trialsConverted: z.number().int(),
  conversionPercent: z.number().nullable(),
  /** Purchases approved that week (the first approval), and what they were charged, in pesos. */
  paidSubscriptions: z.number().int(),
  revenuePesos: z.number().int(),
  /** Hours from purchase to approval of that week's approvals: median and 90th percentile. */
  medianHoursToApproval: z.number().nullable(),
  p90HoursToApproval: z.number().nullable(),
});
export type DashboardWeek = z.infer<typeof dashboardWeekSchema>;

export const dashboardQuerySchema = z
  .object({ weeks: z.coerce.number().int().min(1).max(52).default(12) })
  .strict();

export const dashboardSchema = z.object({
  weeks: z.array(dashboardWeekSchema),
  queue: z.object({
    /** Purchases waiting for review now (pending or forVerification). */
    size: z.number().int(),
    oldestSubmittedAt: z.iso.datetime().nullable(),
    medianWaitingHours: z.number().nullable(),
    p90WaitingHours: z.number().nullable(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
