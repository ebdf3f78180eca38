import { MESSAGES } from '@pasado/core';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uploads, userMessages } from '../../apps/server/src/platform/db/schema.ts';
import { screenshot } from './helpers/chromium.ts';
import { useBrowserFixture } from './helpers/fixture.ts';
import { completeOnboarding, signIn } from './helpers/session.ts';

/** A real PNG drawn by the page's canvas (a preview must be able to show it). */
async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 80;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#0f6a6f';
    ctx.fillRect(0, 0, 120, 80);
    ctx.fillStyle = '#f0a23b';
    ctx.fillRect(20, 20, 50, 40);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

describe('send-us-a-message modal', () => {
  const fx = useBrowserFixture();

  it('sends a message with an image: a failure keeps everything, then the send is stored', async () => {
    const { page } = await fx.phone();
    await signIn(page, 'message.sender@example.com');
    await completeOnboarding(page);
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    const db = fx.server.app.database.db;

    await page.getByRole('button', { name: 'Send us a message' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('heading').textContent()).toBe('Send us a message');
    await screenshot(page, 'message-modal-slide-1');

    // Slide 2. The counter, the 500 limit, the image rules, Back and the reset after closing are
    // features/messages/message-modal.test.tsx; here a real image, a real failure and a real send.
    await dialog.getByRole('button', { name: /^Submit Issue/ }).click();
    expect(await dialog.getByRole('heading').textContent()).toBe('Submit Issue');
    const text = dialog.getByLabel('Your message');
    await text.fill('The timer froze on item 3 of the <b>mock</b> exam.');
    const fileInput = dialog.locator('input[type=file]');
    const png = await drawnPng(page);
    await fileInput.setInputFiles({ name: 'timer bug.png', mimeType: 'image/png', buffer: png });
    const preview = dialog.getByRole('img', { name: 'Preview of your attachment' });
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(120);
    await screenshot(page, 'message-modal-slide-2');

    // Saving fails on the server: the image is deleted, the modal stays on slide 2 with the text.
    await db.execute(sql`
      create or replace function refuse_all_messages() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await db.execute(sql`
      create trigger refuse_all_messages before insert on user_messages
      for each row execute function refuse_all_messages()`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('not sent');
    expect(await dialog.getByRole('heading').textContent()).toBe('Submit Issue');
    expect(await text.inputValue()).toBe('The timer froze on item 3 of the <b>mock</b> exam.');
    expect(await preview.isVisible()).toBe(true);
    expect(await db.select().from(uploads).where(eq(uploads.ownerUserId, me.id))).toEqual([]);
    await screenshot(page, 'message-modal-failed');
    await db.execute(sql`drop trigger refuse_all_messages on user_messages`);

    // Send: slide 3, the message stored as docs/product.md#entities says.
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => dialog.getByText(MESSAGES.MESSAGE_THANKS).isVisible()).toBe(true);
    await screenshot(page, 'message-modal-slide-3');
    const [stored] = await db
      .select()
      .from(userMessages)
      .where(eq(userMessages.messageFromUserId, me.id));
    expect(stored).toMatchObject({
      messageType: 'issues',
      message: 'The timer froze on item 3 of the mock exam.',
      messageFromUserEmail: 'message.sender@example.com',
      status: 'unread',
      isArchive: false,
    });
    expect(stored?.attachment).toMatch(
      new RegExp(`^/api/files/images/userFeedbacks/${me.id}_\\d+_timer_bug\\.png$`),
    );
    const [upload] = await db.select().from(uploads).where(eq(uploads.ownerUserId, me.id));
    expect(upload?.sizeBytes).toBe(png.length);

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });
});
