import type { MessagesPage, StaffMessage } from '@pasado/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type SentRequest } from '../../../testing/fake-api.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { MessagesSection } from './messages-section.tsx';

const UNREAD: StaffMessage = {
  id: '3b0c6a9e-2f4d-4a1b-9c8e-7d6f5e4a3b21',
  messageType: 'issues',
  message: 'The timer froze on item 37. Long story below the clamp: the whole screen went white.',
  attachment: 'https://files.example.com/shot.png',
  attachmentUrl: 'https://files.example.com/shot.png',
  messageFromUserId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  messageFromUserEmail: 'ana@example.com',
  submittedDate: '2026-11-25T04:00:00.000Z',
  status: 'unread',
  isArchive: false,
};

const counts = (unread: number) => ({ unread, total: 1 });
const page = (items: StaffMessage[]): MessagesPage => ({
  items,
  counts: {
    all: counts(items.length),
    feedbacks: counts(0),
    suggestions: counts(0),
    issues: counts(items.length),
    archived: 0,
  },
  nextCursor: null,
});

// docs/product.md#staff: opening a message marks it read; under the Unread filter it stays on
// screen while staff read it (the text beyond the clamp, the attachment).
describe('the messages inbox', () => {
  it('keeps an opened message on screen under the Unread filter', async () => {
    let read = false;
    const api = fakeApi({
      'GET /api/admin/messages': ({ path }: SentRequest) => {
        const status = new URL(path, 'http://x').searchParams.get('status');
        return page(
          status === 'unread' && read ? [] : [{ ...UNREAD, status: read ? 'read' : 'unread' }],
        );
      },
      [`PATCH /api/admin/messages/${UNREAD.id}`]: () => {
        read = true;
        return { ...UNREAD, status: 'read' };
      },
    });
    const { user } = renderScreen(<MessagesSection />, { path: '/?status=unread' });
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    await expect.poll(() => api.sentTo(`PATCH /api/admin/messages/${UNREAD.id}`).length).toBe(1);
    // The list was asked for again (the counts change), and its answer, which no longer holds the
    // message, has arrived (its counts show); yet the opened message stays.
    await screen.findByRole('button', { name: /^Issues\s*0\s*unread$/ });
    expect(api.sentTo('GET /api/admin/messages')).toHaveLength(2);
    expect(screen.getByText(UNREAD.message)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open attachment/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('an opened message that is then archived leaves the inbox', async () => {
    let state = { read: false, archived: false };
    fakeApi({
      'GET /api/admin/messages': ({ path }: SentRequest) => {
        const archived = new URL(path, 'http://x').searchParams.get('archived') === 'true';
        return page(
          archived === state.archived
            ? [{ ...UNREAD, status: state.read ? 'read' : 'unread', isArchive: state.archived }]
            : [],
        );
      },
      [`PATCH /api/admin/messages/${UNREAD.id}`]: ({ body }: SentRequest) => {
        const change = body as { status?: string; isArchive?: boolean };
        state = {
          read: change.status ? change.status === 'read' : state.read,
          archived: change.isArchive ?? state.archived,
        };
        return { ...UNREAD, status: state.read ? 'read' : 'unread', isArchive: state.archived };
      },
    });
    const { user } = renderScreen(<MessagesSection />);
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await screen.findByText('No messages here. All caught up.');
  });
});
