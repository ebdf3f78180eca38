/**
 * A purchasable plan (docs/product.md#plans); a subscription's `selectedPlan` (the contract's
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

/** Plan ids (docs/product.md#plans). */
export const PLAN_IDS = ['1-month', '3-months'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * The plan catalogue (docs/product.md#plans): 1 Month 199 for 30 days, 3 Months 299 for 90 days.
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

/** Looks a plan up by id; undefined for an unknown id (docs/product.md#plans, #validation "A plan must be selected"). */
export function getPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Free-trial discount: 50% of the price, rounded up (docs/product.md#constants). 199 → 100, 299 → 150. */
export function freeTrialDiscount(price: number): number {
  return Math.ceil(price / 2);
}

/** Final price = price minus discount, never below 0 (docs/product.md#constants). */
export function finalPrice(price: number, discount: number): number {
  return Math.max(0, price - discount);
}

/**
 * Price quote for a plan (docs/product.md#constants; docs/product.md#free-trial-discount): while the discount is live the
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
