/**
 * A purchasable plan (SPEC §3 Plans); a subscription's `selectedPlan` (the contract's
 * `selectedPlanSchema`) has the same shape.
 */
export type Plan = {
  id: string;
  name: string;
  description: string;
  /** Whole pesos. */
  price: number;
  discount: number;
  durationInDays: number;
};

/** Plan ids (SPEC §3 Plans). */
export const PLAN_IDS = ['1-month', '3-months'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * The plan catalogue (SPEC §9 Plans): 1 Month 199 for 30 days, 3 Months 299 for 90 days.
 * Prices are whole pesos; the catalogue discount is 0 (the free-trial discount is computed).
 */
export const PLANS: readonly Plan[] = [
  {
    id: '1-month',
    name: '1 Month',
    description: 'Full access to every quiz, study mode and task for 30 days.',
    price: 199,
    discount: 0,
    durationInDays: 30,
  },
  {
    id: '3-months',
    name: '3 Months',
    description: 'Full access for 90 days, the best price per month for a full review season.',
    price: 299,
    discount: 0,
    durationInDays: 90,
  },
];

/** Looks a plan up by id; undefined for an unknown id (SPEC §3 Plans, §5 "A plan must be selected"). */
export function getPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Free-trial discount: 50% of the price, rounded up (SPEC §9). 199 → 100, 299 → 150. */
export function freeTrialDiscount(price: number): number {
  return Math.ceil(price / 2);
}

/** Final price = price minus discount, never below 0 (SPEC §9). */
export function finalPrice(price: number, discount: number): number {
  return Math.max(0, price - discount);
}

/**
 * Price quote for a plan (SPEC §9; SPEC §4 Free-trial discount): while the discount is live the
 * discount is the free-trial discount, otherwise 0 ("the discounts reset to 0").
 */
export function quotePlan(
  plan: Plan,
  discountLive: boolean,
): { price: number; discountAmount: number; finalPrice: number } {
  const discountAmount = discountLive ? freeTrialDiscount(plan.price) : 0;
  return {
    price: plan.price,
    discountAmount,
    finalPrice: finalPrice(plan.price, discountAmount),
  };
}
