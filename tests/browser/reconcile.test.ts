import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import { auditLog, subscriptions, users } from '../../apps/server/src/platform/db/schema.ts';
import { callFunction } from '../../apps/server/test/helpers/test-app.ts';
import { gcashCsv } from '../../apps/server/test/payments/reconciliation-helpers.ts';
import { screenshot } from './helpers/chromium.ts';
import { type Phone, useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, cookieFor, settledPath, signIn } from './helpers/session.ts';

const HOUR = 3600_000;

// Issue 26: a staff member reconciles a week — uploads the wallet's statement, reads the four
// lists, approves the matched in one action — on a desktop and on a phone; the student whose
// payment it approved sees their banner change live.
describe('reconciling a week in the staff console', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;

  async function onboarded(email: string): Promise<Phone & { userId: string }> {
    const phone = await fx.phone();
    await signIn(phone.page, email);
    await completeOnboarding(phone.page);
    const me = await phone.page.evaluate(async () => (await fetch('/api/me')).json());
    return { ...phone, userId: me.id };
  }

  /** A purchase through the API as the student: the 1-month plan with the trial discount, ₱99. */
  async function purchase(student: Phone, refCode: string, hoursAgo: number) {
    const res = await callFunction(fx.server, await cookieFor(student.context), 'subscribeUser', {
      idempotencyKey: randomUUID(),
      transactionInfo: { finalPrice: 99, refCode, purchasedBy: 'user' },
      subscriptionInfo: { selectedPlan: { id: '1-month' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const subId = res.json().result.subscriptionId as string;
    await db()
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - hoursAgo * HOUR) })
      .where(eq(subscriptions.id, subId));
    return subId;
  }

  it.each([
    [1280, 'desktop', '7'],
    [390, 'phone', '8'],
  ])('at %i px (%s)', async (width, name, digit) => {
    const ref = (n: number) => `${digit}${String(n).padStart(12, '0')}`;
    const paid = await onboarded(`paid.${name}@example.com`);
    const short = await onboarded(`short.${name}@example.com`);
    const missing = await onboarded(`missing.${name}@example.com`);
    const paidSub = await purchase(paid, ref(1), 5);
    const shortSub = await purchase(short, ref(2), 5);
    const missingSub = await purchase(missing, ref(3), 30);

    const banners = paid.page.getByRole('region', { name: 'Notices' });
    await expect
      .poll(() => banners.getByText(MESSAGES.PAYMENT_UNDER_REVIEW).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await paid.page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    const staff = await onboarded(`staff.${name}@example.com`);
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
    await touchUser(db(), staff.userId);
    await staff.page.setViewportSize({ width, height: 900 });
    await staff.page.goto('/admin/reconcile');
    await settledPath(staff.page, '/admin/reconcile');

    const statement = gcashCsv([
      { at: new Date(Date.now() - 6 * HOUR), reference: ref(1), centavos: 9900 },
      { at: new Date(Date.now() - 6 * HOUR), reference: ref(2), centavos: 4900 },
      {
        at: new Date(Date.now() - 2 * HOUR),
        reference: ref(9),
        centavos: 31_400,
        description: `Received GCash from NENA ${name.toUpperCase()} with account ending in 2222`,
      },
    ]);
    await staff.page.getByLabel('Export').selectOption('gcash-history');
    await staff.page.getByLabel('Statement file').setInputFiles({
      name: 'gcash-week.csv',
      mimeType: 'text/csv',
      buffer: statement,
    });
    await staff.page.getByRole('button', { name: 'Upload statement' }).click();
    await expect
      .poll(() => staff.page.getByRole('status').first().textContent())
      .toBe('Read 3 lines of money in: 3 new, 0 kept before.');

    const list = (title: string) => staff.page.getByRole('list', { name: title, exact: true });
    const matched = list('Matched').getByRole('article', { name: `paid.${name}@example.com` });
    await matched.waitFor();
    await expect.poll(() => matched.getByText('Statement').isVisible()).toBe(true);
    await list('Amount differs')
      .getByRole('article', { name: `short.${name}@example.com` })
      .waitFor();
    await list('Not in the statement')
      .getByRole('article', { name: `missing.${name}@example.com` })
      .waitFor();
    await expect
      .poll(() =>
        list('Paid but not claimed').getByText(`from NENA ${name.toUpperCase()}`).isVisible(),
      )
      .toBe(true);
    expect(await staff.page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await screenshot(staff.page, `reconcile-${name}-lists`);

    await staff.page.getByRole('button', { name: /^Approve all matched \(1\)$/ }).click();
    await expect
      .poll(() => staff.page.getByRole('status').first().textContent())
      .toBe('Approved 1 purchase.');
    await expect.poll(() => matched.count()).toBe(0);
    await screenshot(staff.page, `reconcile-${name}-approved`);

    // The student's phone follows live, without a reload.
    await expect
      .poll(() => banners.getByText(MESSAGES.PAYMENT_APPROVED).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(
      await paid.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    ).toBe(true);

    const status = async (id: string) =>
      (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]?.status;
    expect(await status(paidSub)).toBe('approved');
    expect(await status(shortSub)).toBe('pending');
    expect(await status(missingSub)).toBe('pending');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, paidSub), eq(auditLog.action, 'updateSubscriptionStatus')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: `staff.${name}@example.com`,
      details: {
        via: 'reconciliation',
        statementLine: { reference: ref(1), amountCentavos: 9900 },
      },
    });

    // The mappings screen lists the shipped exports.
    await staff.page.getByRole('link', { name: 'Mappings' }).click();
    await settledPath(staff.page, '/admin/mappings');
    await staff.page.getByRole('heading', { name: 'BDO My Transactions (CSV)' }).waitFor();
    expect(await staff.page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await screenshot(staff.page, `reconcile-${name}-mappings`);

    // The dashboard: this week's approval counted, the chart drawn, the table for screen readers.
    await staff.page.getByRole('link', { name: 'Dashboard' }).click();
    await settledPath(staff.page, '/admin/dashboard');
    const table = staff.page.getByRole('table', { name: 'Each Manila week, newest first' });
    await table.waitFor();
    const thisWeek = table.getByRole('row').nth(1);
    await expect
      .poll(async () => (await thisWeek.getByRole('cell').allTextContents()).slice(2, 4))
      .toEqual([name === 'desktop' ? '1' : '2', name === 'desktop' ? '₱99' : '₱198']);
    expect(await staff.page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await screenshot(staff.page, `reconcile-${name}-dashboard`);
    await staff.page.screenshot({ path: `/tmp/dashboard-${name}.png`, fullPage: true });
  });
});
