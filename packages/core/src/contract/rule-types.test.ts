import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { BlueprintPart, BlueprintSpec } from '../blueprint.ts';
import type { ChallengeItem } from '../challenges.ts';
import type { FlashCardState, FlashIntervals, FlashRating } from '../flash-queue.ts';
import type { GuardClaims, Role } from '../guard.ts';
import type { LiveMessage } from '../live-event.ts';
import type { Plan } from '../plans.ts';
import type { AttemptKind, AttemptPart, QuizResult } from '../quiz-attempt.ts';
import type { SubscriptionStatus } from '../subscription-rules.ts';
import type { InAppForm } from '../validation.ts';
import type { Claims } from './claims.ts';
import type { roleSchema, subscriptionStatusSchema } from './common.ts';
import type { blueprintPartSchema, blueprintSpecSchema } from './content.ts';
import type { inAppFormSchema } from './in-app-form.ts';
import type { attemptPartSchema, QuizAttemptKind, quizResultSchema } from './learning.ts';
import type { LiveEvent } from './live.ts';
import type { flashCardStateSchema, flashIntervalsSchema, flashRatingSchema } from './study.ts';
import type { challengeItemSchema, SelectedPlan } from './user.ts';

/**
 * The rules own these types (issue 8: the contract imports the rules, never the reverse); the
 * schemas built from them must parse to exactly them. Checked by `npm run typecheck`.
 */
describe('contract schemas match the rules’ types', () => {
  it('match', () => {
    expectTypeOf<z.infer<typeof subscriptionStatusSchema>>().toEqualTypeOf<SubscriptionStatus>();
    expectTypeOf<z.infer<typeof roleSchema>>().toEqualTypeOf<Role>();
    expectTypeOf<z.infer<typeof challengeItemSchema>>().toEqualTypeOf<ChallengeItem>();
    expectTypeOf<SelectedPlan>().toEqualTypeOf<Plan>();
    expectTypeOf<z.infer<typeof blueprintPartSchema>>().toEqualTypeOf<BlueprintPart>();
    expectTypeOf<z.infer<typeof blueprintSpecSchema>>().toEqualTypeOf<BlueprintSpec>();
    expectTypeOf<z.output<typeof inAppFormSchema>>().toEqualTypeOf<InAppForm>();
    expectTypeOf<Claims>().toExtend<GuardClaims>();
    expectTypeOf<z.infer<typeof quizResultSchema>>().toEqualTypeOf<QuizResult>();
    expectTypeOf<QuizAttemptKind>().toEqualTypeOf<AttemptKind>();
    expectTypeOf<z.infer<typeof attemptPartSchema>>().toEqualTypeOf<AttemptPart>();
    expectTypeOf<z.infer<typeof flashRatingSchema>>().toEqualTypeOf<FlashRating>();
    expectTypeOf<z.infer<typeof flashCardStateSchema>>().toEqualTypeOf<FlashCardState>();
    expectTypeOf<z.infer<typeof flashIntervalsSchema>>().toEqualTypeOf<FlashIntervals>();
    expectTypeOf<LiveEvent>().toEqualTypeOf<LiveMessage>();
  });
});
