import { describe, expect, it } from 'vitest';
import { selectedPlanSchema } from './contract/index.ts';
import { finalPrice, freeTrialDiscount, getPlan, PLAN_IDS, PLANS, quotePlan } from './plans.ts';

describe('PLANS (docs/product.md#constants)', () => {
  it.each([
    ['1-month', '1 Month', 199, 30],
    ['3-months', '3 Months', 299, 90],
  ])('%s is %s, %i for %i days, no catalogue discount', (id, name, price, days) => {
    const plan = getPlan(id);
    expect(plan).toMatchObject({ id, name, price, durationInDays: days, discount: 0 });
    expect(plan?.description).not.toBe('');
    expect(selectedPlanSchema.parse(plan)).toEqual(plan);
  });

  it('lists the plans in PLAN_IDS order', () => {
    expect(PLANS.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
  });

  it.each(['', '1-Month', '6-months', 'toString'])('getPlan(%j) is undefined', (id) => {
    expect(getPlan(id)).toBeUndefined();
  });
});

describe('freeTrialDiscount: 50%, rounded up (docs/product.md#constants)', () => {
  it.each([
    [199, 100],
    [299, 150],
    [200, 100],
    [1, 1],
    [0, 0],
  ])('%i → %i', (price, discount) => {
    expect(freeTrialDiscount(price)).toBe(discount);
  });
});

describe('finalPrice: price − discount, never below 0 (docs/product.md#constants)', () => {
  it.each([
    [199, 100, 99],
    [299, 150, 149],
    [199, 0, 199],
    [199, 199, 0],
    [100, 150, 0],
  ])('%i − %i = %i', (price, discount, expected) => {
    expect(finalPrice(price, discount)).toBe(expected);
  });
});

describe('quotePlan (docs/product.md#constants, #free-trial-discount)', () => {
  it.each([
    ['1-month', true, { price: 199, discountAmount: 100, finalPrice: 99 }],
    ['3-months', true, { price: 299, discountAmount: 150, finalPrice: 149 }],
    ['1-month', false, { price: 199, discountAmount: 0, finalPrice: 199 }],
    ['3-months', false, { price: 299, discountAmount: 0, finalPrice: 299 }],
  ])('%s with discount live %s', (id, live, quote) => {
    const plan = getPlan(id);
    if (!plan) throw new Error('missing plan');
    expect(quotePlan(plan, live)).toEqual(quote);
  });
});
