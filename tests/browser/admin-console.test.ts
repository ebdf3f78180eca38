import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { touchUser } from '../../apps/server/src/modules/users/repository.ts';
import {
  auditLog,
  statementLines,
  subscriptions,
  userMessages,
  users,
} from '../../apps/server/src/platform/db/schema.ts';
import { callFunction } from '../../apps/server/test/helpers/test-app.ts';
import {
  gcashCsv,
  uploadStatement,
} from '../../apps/server/test/payments/reconciliation-helpers.ts';
import { atBothWidths, screenshot } from './helpers/chromium.ts';
import { type Phone, useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, cookieFor, settledPath, signIn } from './helpers/session.ts';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// Issue 3 item 6 and issue 5 item 5: staff work the payment queue and the inbox from a phone.
describe('the staff console', () => {
  const fx = useBrowserFixture();
  const db = () => fx.server.app.database.db;

  async function onboarded(email: string): Promise<Phone & { userId: string }> {
    const phone = await fx.phone();
    await signIn(phone.page, email);
    await completeOnboarding(phone.page);
    const me = await phone.page.evaluate(async () => (await fetch('/api/me')).json());
    return { ...phone, userId: me.id };
  }

  /** The page's scroll width: wider than the phone means something sticks out sideways. */
  const pageWidth = (phone: Phone) =>
    phone.page.evaluate(() => document.documentElement.scrollWidth);

  /** A staff member: onboarded like anyone, then given role admin in the database. */
  async function staffMember(email: string): Promise<Phone> {
    const phone = await onboarded(email);
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, phone.userId));
    await touchUser(db(), phone.userId);
    return phone;
  }

  it('staff approve a pending purchase and the student sees the banner change live', async () => {
    const student = await onboarded('queue.student@example.com');
    // The purchase, made through the API as the student (free-trial discount live: 199 − 100).
    const purchase = await callFunction(
      fx.server,
      await cookieFor(student.context),
      'subscribeUser',
      {
        idempotencyKey: randomUUID(),
        transactionInfo: { finalPrice: 99, refCode: '1234 5678 90123', purchasedBy: 'user' },
        subscriptionInfo: { selectedPlan: { id: '1-month' } },
      },
    );
    expect(purchase.statusCode, purchase.body).toBe(200);
    const subId = purchase.json().result.subscriptionId as string;

    // A second proof (the Verify Payment flow): a screenshot, uploaded and attached as the student.
    const studentCookie = await cookieFor(student.context);
    const upload = await fx.server.app.inject({
      method: 'POST',
      url: '/api/uploads/payment-screenshot',
      headers: {
        origin: fx.server.origin,
        cookie: studentCookie,
        'content-type': 'image/png',
        'x-file-name': 'gcash.png',
      },
      payload: ONE_PIXEL_PNG,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const proof = await callFunction(fx.server, studentCookie, 'addTransaction', {
      transactionInfo: { paymentScreenshotUrl: upload.json().path, purchasedBy: 'user' },
      userId: student.userId,
      userEmail: 'queue.student@example.com',
      subId,
    });
    expect(proof.statusCode, proof.body).toBe(200);

    const banners = student.page.getByRole('region', { name: 'Notices' });
    await expect
      .poll(() => banners.getByText(MESSAGES.PAYMENT_UNDER_REVIEW).isVisible(), { timeout: 15_000 })
      .toBe(true);
    // A marker that a reload would wipe: the change must arrive without one.
    await student.page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    const staff = await staffMember('queue.staff@example.com');
    await staff.page.goto('/admin');
    await settledPath(staff.page, '/admin');
    const card = staff.page.getByRole('article', { name: 'queue.student@example.com' });
    await card.waitFor();
    await expect.poll(() => card.getByText('1234 5678 9012 3').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('₱99').first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        staff.page.getByRole('button', { name: /Needs action/ }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await screenshot(staff.page, 'admin-payments-queue');

    // The screenshot opens full size, served to staff.
    await card.getByRole('button', { name: 'View screenshot 2' }).click();
    const shot = staff.page.getByRole('dialog', { name: 'Payment screenshot' });
    await shot.waitFor();
    const image = shot.getByRole('img', {
      name: 'Payment screenshot from queue.student@example.com',
    });
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1);
    await shot.getByRole('button', { name: 'Close' }).click();
    await shot.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Approve this payment' });
    await dialog.waitFor();
    // The reason it needs is features/admin/payments/action-dialog.test.tsx.
    await dialog.getByLabel('Reason').fill('GCash statement shows the transfer');
    await screenshot(staff.page, 'admin-payments-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => staff.page.getByRole('status').first().textContent())
      .toBe('queue.student@example.com: Approved.');
    await expect.poll(() => card.count()).toBe(0);

    // The student's phone follows live.
    await expect
      .poll(() => banners.getByText(MESSAGES.PAYMENT_APPROVED).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(
      await student.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    ).toBe(true);
    await screenshot(student.page, 'admin-student-sees-approval');

    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(row?.status).toBe('approved');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, subId), eq(auditLog.action, 'updateSubscriptionStatus')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: 'queue.staff@example.com',
      details: { from: 'pending', to: 'approved', reason: 'GCash statement shows the transfer' },
    });

    // The approved filter shows it, with its history.
    await staff.page.getByRole('button', { name: /^Approved/ }).click();
    const approvedCard = staff.page.getByRole('article', { name: 'queue.student@example.com' });
    await approvedCard.getByRole('button', { name: 'History' }).click();
    await expect
      .poll(() => approvedCard.getByText('“GCash statement shows the transfer”').isVisible())
      .toBe(true);
    await screenshot(staff.page, 'admin-payments-history');
    expect(await pageWidth(staff)).toBe(390);

    // Desktop: the same console, cards side by side.
    await staff.page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(staff.page, 'admin-payments-desktop');

    // The student is kept out of the console and its API.
    await student.page.goto('/admin');
    await student.page.waitForURL((url) => url.pathname !== '/admin');
    const api = await student.page.evaluate(
      async () => (await fetch('/api/admin/payments')).status,
    );
    expect(api).toBe(403);
  });

  // A purchase proven by a screenshot cites no reference, so reconciliation matches it by amount
  // and time; its card shows the statement line its Approve claims, and says how it matched.
  it('staff see the statement line an amount-and-time match would claim', async () => {
    const student = await onboarded('unread.student@example.com');
    const cookie = await cookieFor(student.context);
    const upload = await fx.server.app.inject({
      method: 'POST',
      url: '/api/uploads/payment-screenshot',
      headers: {
        origin: fx.server.origin,
        cookie,
        'content-type': 'image/png',
        'x-file-name': 'gcash.png',
      },
      // Bytes after the image's end: another file (a screenshot proves one purchase), the same picture.
      payload: Buffer.concat([ONE_PIXEL_PNG, Buffer.from('second')]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const purchase = await callFunction(fx.server, cookie, 'subscribeUser', {
      idempotencyKey: randomUUID(),
      transactionInfo: {
        finalPrice: 99,
        paymentScreenshotUrl: upload.json().path,
        purchasedBy: 'user',
      },
      subscriptionInfo: { selectedPlan: { id: '1-month' } },
    });
    expect(purchase.statusCode, purchase.body).toBe(200);
    const subId = purchase.json().result.subscriptionId as string;

    const staff = await staffMember('match.staff@example.com');
    const reference = '5550001112223';
    const shown = '5550 0011 1222 3';
    const statement = await uploadStatement(
      fx.server,
      await cookieFor(staff.context),
      gcashCsv([{ at: new Date(Date.now() - 3600_000), reference, centavos: 9900 }]),
    );
    expect(statement.statusCode, statement.body).toBe(201);

    await staff.page.goto('/admin');
    await settledPath(staff.page, '/admin');
    const card = staff.page.getByRole('article', { name: 'unread.student@example.com' });
    await card.waitFor();
    const line = card.locator('.review-statement');
    await expect
      .poll(() => line.textContent())
      .toMatch(
        new RegExp(
          `^Statement ₱99 · ref ${shown} · .+ · from JUAN DELA CRUZ · matched by amount and time only$`,
        ),
      );
    await line.scrollIntoViewIfNeeded();
    await atBothWidths(staff.page, 'admin-payments-amount-and-time');
    await staff.page.setViewportSize({ width: 1280, height: 800 });
    await line.scrollIntoViewIfNeeded();
    await screenshot(staff.page, 'admin-payments-amount-and-time-desktop');
    expect(await pageWidth(staff)).toBe(1280);

    // Its Approve claims that line.
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Approve this payment' });
    await dialog.getByLabel('Reason').fill('Amount and time agree with the statement');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => card.count()).toBe(0);
    const [claimed] = await db()
      .select()
      .from(statementLines)
      .where(eq(statementLines.reference, reference));
    expect(claimed?.claimedBySubscriptionId).toBe(subId);
  });

  it('staff open a message and archive it', async () => {
    const student = await onboarded('inbox.student@example.com');
    const text = 'The timer on mock exams keeps running when I lock my phone. Is that on purpose?';
    const [message] = await db()
      .insert(userMessages)
      .values({
        messageType: 'issues',
        message: text,
        attachment: null,
        messageFromUserId: student.userId,
        messageFromUserEmail: 'inbox.student@example.com',
        submittedDate: new Date(),
        status: 'unread',
        isArchive: false,
      })
      .returning();
    if (!message) throw new Error('no message');

    const staff = await staffMember('inbox.staff@example.com');
    await staff.page.goto('/admin/messages');
    await settledPath(staff.page, '/admin/messages');
    const card = staff.page.getByRole('article', { name: 'inbox.student@example.com' });
    await card.waitFor();
    await expect.poll(() => card.getByText('Unread').isVisible()).toBe(true);
    await screenshot(staff.page, 'admin-messages-inbox');

    await card.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => card.getByText(text).isVisible()).toBe(true);
    // Opening marks it read.
    await expect
      .poll(() => card.getByRole('button', { name: 'Mark unread' }).isVisible())
      .toBe(true);
    await card.getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => staff.page.getByText('Archived.').isVisible()).toBe(true);

    const [row] = await db().select().from(userMessages).where(eq(userMessages.id, message.id));
    expect(row).toMatchObject({ status: 'read', isArchive: true });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, message.id))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
      ['message.markRead', 'inbox.staff@example.com'],
      ['message.archive', 'inbox.staff@example.com'],
    ]);

    // The archive shows it on request.
    // The filter lives in the URL: the box shows checked once the navigation has rendered.
    const archived = staff.page.getByLabel(/Show archived/);
    await archived.click();
    await expect.poll(() => archived.isChecked()).toBe(true);
    await expect
      .poll(() =>
        staff.page.getByRole('article', { name: 'inbox.student@example.com' }).isVisible(),
      )
      .toBe(true);
    await screenshot(staff.page, 'admin-messages-archive');
    expect(await pageWidth(staff)).toBe(390);
  });
});
