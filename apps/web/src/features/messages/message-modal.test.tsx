import { ATTACHMENT_MAX_BYTES, MESSAGE_FORM_MESSAGES, MESSAGES } from '@pasado/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openMessageModal } from '../../lib/open-message-modal.ts';
import { recordAlerts } from '../../testing/alerts.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { MessageButton } from './message-button.tsx';

type Routes = Parameters<typeof fakeApi>[0];

const ATTACHMENT = '/api/files/images/userFeedbacks/user-1_1764000000000_timer_bug.png';

/** The round button of the menu, and the modal it opens (its own lazy chunk, as in the app). */
async function openModal(routes: Routes = {}) {
  const api = fakeApi({
    'POST /api/messages/attachments': { path: ATTACHMENT },
    'POST /api/messages': { id: 'message-1' },
    ...routes,
  });
  const user = userEvent.setup();
  render(<MessageButton />);
  await user.click(screen.getByRole('button', { name: 'Send us a message' }));
  const dialog = await screen.findByRole('dialog');
  return { api, user, dialog };
}

const heading = (dialog: HTMLElement) => within(dialog).getByRole('heading').textContent;
const text = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('Your message') as HTMLTextAreaElement;
const png = (name = 'timer bug.png') => new File(['png'], name, { type: 'image/png' });
const fileInput = (dialog: HTMLElement) =>
  dialog.querySelector('input[type=file]') as HTMLInputElement;

// docs/product.md "Send-us-a-message modal": three slides, the 500-character limit, the image.
describe('the send-us-a-message modal', () => {
  it('starts on the choice of Feedback, Suggestion or Submit Issue', async () => {
    const { dialog } = await openModal();
    expect(heading(dialog)).toBe('Send us a message');
    expect(within(dialog).getByText('Step 1 of 3')).toBeTruthy();
    const choices = within(dialog)
      .getAllByRole('button', { pressed: false })
      .map((b) => b.querySelector('.message-type__label')?.textContent);
    expect(choices).toEqual(['Feedback', 'Suggestion', 'Submit Issue']);
  });

  it('counts down from 500 characters and ignores what goes beyond', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: /^Submit Issue/ }));
    expect(heading(dialog)).toBe('Submit Issue');
    expect(text(dialog).getAttribute('rows')).toBe('6');
    expect(within(dialog).getByText('500 characters left')).toBeTruthy();
    await user.type(text(dialog), 'The timer froze on item 3.');
    expect(within(dialog).getByText('474 characters left')).toBeTruthy();
    await user.clear(text(dialog));
    await user.click(text(dialog));
    await user.paste('x'.repeat(620));
    expect(text(dialog).value).toHaveLength(500);
    expect(within(dialog).getByText('0 characters left')).toBeTruthy();
    await user.type(text(dialog), 'more');
    expect(text(dialog).value).toBe('x'.repeat(500));
  });

  it('sends only once something is written', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: /^Feedback/ }));
    const send = within(dialog).getByRole('button', { name: MESSAGES.SEND }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(text(dialog), '   ');
    expect(send.disabled).toBe(true);
    await user.type(text(dialog), 'Great app');
    expect(send.disabled).toBe(false);
  });

  it('alerts that an image over 5 MB is too large, refuses a non-image, previews and removes an image', async () => {
    const alerts = recordAlerts();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: /^Submit Issue/ }));
    const big = new File([new Uint8Array(ATTACHMENT_MAX_BYTES + 1)], 'huge.png', {
      type: 'image/png',
    });
    await user.upload(fileInput(dialog), big);
    expect(alerts).toEqual([MESSAGES.FILE_TOO_LARGE]);
    expect(within(dialog).queryByRole('img')).toBeNull();

    await userEvent
      .setup({ applyAccept: false })
      .upload(fileInput(dialog), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGES.IMAGES_ONLY);

    await user.upload(fileInput(dialog), png());
    expect(within(dialog).getByRole('img', { name: 'Preview of your attachment' })).toBeTruthy();
    expect(within(dialog).getByText('timer bug.png')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Remove image' }));
    expect(within(dialog).queryByRole('img')).toBeNull();
  });

  it('a failed send stays on the message with what was typed and the image, saying it was not sent', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, dialog } = await openModal({
      'POST /api/messages': reply(500, { error: { status: 'INTERNAL', message: 'Internal' } }),
    });
    await user.click(within(dialog).getByRole('button', { name: /^Submit Issue/ }));
    await user.type(text(dialog), 'The timer froze on item 3.');
    await user.upload(fileInput(dialog), png());
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.SEND }));
    await expect
      .poll(() => within(dialog).getByRole('alert').textContent)
      .toBe(MESSAGE_FORM_MESSAGES.SEND_FAILED);
    expect(heading(dialog)).toBe('Submit Issue');
    expect(text(dialog).value).toBe('The timer froze on item 3.');
    expect(within(dialog).getByRole('img', { name: 'Preview of your attachment' })).toBeTruthy();
  });

  it('Back keeps what was typed', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: /^Suggestion/ }));
    await user.type(text(dialog), 'Dark mode for the timer');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.BACK }));
    expect(heading(dialog)).toBe('Send us a message');
    await user.click(within(dialog).getByRole('button', { name: /^Suggestion/ }));
    expect(text(dialog).value).toBe('Dark mode for the timer');
  });

  it('sends the image first, then the message citing it, and thanks', async () => {
    const { api, user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: /^Submit Issue/ }));
    await user.type(text(dialog), 'The timer froze on item 3.');
    await user.upload(fileInput(dialog), png());
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.SEND }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(MESSAGES.MESSAGE_THANKS);
    expect(api.sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/messages/attachments',
      'POST /api/messages',
    ]);
    expect(api.sentTo('POST /api/messages')[0]?.body).toEqual({
      messageType: 'issues',
      message: 'The timer froze on item 3.',
      attachment: ATTACHMENT,
    });
  });

  it('is back on its first slide, empty, 500 ms after closing', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: /^Feedback/ }));
    await user.type(text(dialog), 'Half a thought');
    await user.upload(fileInput(dialog), png());
    vi.useFakeTimers();
    act(() => within(dialog).getByRole('button', { name: MESSAGES.CLOSE }).click());
    expect((dialog as HTMLDialogElement).open).toBe(false);
    // A closed dialog is hidden from the accessibility tree: its title is read directly.
    const title = () => dialog.querySelector('h2')?.textContent;
    act(() => vi.advanceTimersByTime(499));
    expect(title()).toBe('Feedback');
    act(() => vi.advanceTimersByTime(1));
    expect(title()).toBe('Send us a message');
    vi.useRealTimers();
    act(() => openMessageModal());
    await user.click(within(dialog).getByRole('button', { name: /^Feedback/ }));
    expect(text(dialog).value).toBe('');
    expect(within(dialog).queryByRole('img')).toBeNull();
  });

  it('opens from any screen through openMessageModal (the account screen’s link)', async () => {
    fakeApi({});
    render(<MessageButton />);
    act(() => openMessageModal());
    const dialog = (await screen.findByRole('dialog')) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
  });
});

// A visual review of the suite's screenshots: the round button sat over the content's right edge
// (a figure, half a "Claim +20") on every tab, and stayed there however the page was scrolled.
describe('the round button while the page scrolls', () => {
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });

  it('steps aside while the student scrolls down, and is back as they scroll up', () => {
    // The page's own scrollY is put back after: the project's files share the window.
    const own = Object.getOwnPropertyDescriptor(window, 'scrollY');
    render(<MessageButton />);
    const button = screen.getByRole('button', { name: 'Send us a message' });
    try {
      expect(button.dataset.aside).toBeUndefined();
      scrollTo(300);
      expect(button.dataset.aside).toBe('true');
      scrollTo(296);
      expect(button.dataset.aside).toBe('true');
      scrollTo(200);
      expect(button.dataset.aside).toBeUndefined();
      scrollTo(600);
      scrollTo(0);
      expect(button.dataset.aside).toBeUndefined();
    } finally {
      if (own) Object.defineProperty(window, 'scrollY', own);
      else Reflect.deleteProperty(window, 'scrollY');
    }
  });
});
