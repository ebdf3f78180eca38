import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearOutbox, startOutbox } from '../../lib/offline/outbox.ts';
import { reportOutboxDenials } from '../../lib/offline/outbox-denials.ts';
import { recordDenials, SUBSCRIPTION_ENDED } from '../../testing/denials.ts';
import { IDS } from '../../testing/docs.ts';
import { fakeApi, networkDown, reply } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { claimsFor } from '../../testing/reviewers.ts';
import { ReadMode } from './read-mode.tsx';

const FINISH = 'POST /api/study/let-elem/sessions/finish';
const NOTES = 'GET /api/study/let-elem/topics/gen.learning/notes';
const READ = 'POST /api/study/let-elem/notes/n1/read';
const TOPIC_NOTES = {
  topic: {
    id: 'gen.learning',
    name: 'Theories of Learning',
    subjectId: 'prof-ed',
    subjectName: 'Professional Education',
  },
  notes: [{ id: 'n1', title: 'Behaviourism', body: 'A change in behaviour.', read: false }],
  readCount: 0,
  total: 1,
};

/**
 * A read session finished with no signal: the note read and the finish wait in the outbox (the
 * web project's files share it, isolate: false, so it starts empty). `backOnline` brings the
 * signal back; the caller stops the outbox with `stop`.
 */
async function finishedOffline() {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const api = fakeApi({
    'GET /api/auth/claims': claimsFor(['let-elem']),
    [NOTES]: TOPIC_NOTES,
    [READ]: () => (navigator.onLine ? {} : networkDown()),
    [FINISH]: { counted: true, streak: 1 },
  });
  await clearOutbox();
  const stopOutbox = startOutbox(IDS.user);
  const view = renderScreen(<ReadMode />, {
    path: '/study/let-elem/read?subject=prof-ed&topic=gen.learning',
    route: '/study/:reviewer/read',
  });
  const finish = await screen.findByRole('button', { name: 'Mark as read and finish' });
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await view.user.click(finish);
  await screen.findByText(/^Not counted for your streak yet\./);
  return {
    api,
    view,
    backOnline: () => {
      online.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
    },
    stop: async () => {
      stopOutbox();
      await clearOutbox();
    },
  };
}

/** Whether the note reached the server before the finish: the server counts the day by it. */
const noteBeforeFinish = (api: ReturnType<typeof fakeApi>) => {
  const sent = api.sent.map((r) => `${r.method} ${r.path}`);
  return sent.lastIndexOf(READ) < sent.indexOf(FINISH);
};

// docs/product.md#streaks: a read session finished with no signal was never sent, so it never
// counted for the streak, even when the connection came back while the summary was open. Then
// (docs/offline.md) it was tried only while the summary stayed open: a student who closed it
// before the phone was back online had the note recorded and the day lost.
describe('read mode: a session finished offline', () => {
  it('sends its finish when the phone is back online and shows the streak', async () => {
    const { api, backOnline, stop } = await finishedOffline();
    try {
      expect(api.sentTo(FINISH)).toHaveLength(0);
      backOnline();
      expect((await screen.findByText('Daily streak: 1 day')).textContent).toBeTruthy();
      expect(api.sentTo(FINISH)).toHaveLength(1);
      expect(noteBeforeFinish(api)).toBe(true);
    } finally {
      await stop();
    }
  });

  it('sends its finish, after the note, once back online with its summary closed', async () => {
    const { api, view, backOnline, stop } = await finishedOffline();
    const endedBy = Date.now();
    try {
      view.unmount();
      await new Promise((resolve) => setTimeout(resolve, 5));
      backOnline();
      await expect.poll(() => api.sentTo(FINISH).length).toBe(1);
      expect(noteBeforeFinish(api)).toBe(true);
      // It says when the session ended, not when it was sent: the server counts that day.
      const body = api.sentTo(FINISH)[0]?.body as { mode: string; finishedAt: string };
      expect(body.mode).toBe('read');
      expect(Date.parse(body.finishedAt)).toBeLessThanOrEqual(endedBy);
    } finally {
      await stop();
    }
  });
});

// docs/product.md#paywall: the subscription ended while the student was reading. The finish was
// refused and said so on the summary, and nothing told the root layout (which reads the claims
// again, with the spec's alert, so the guard moves the page).
describe('read mode: a finish refused on the paywall', () => {
  it('is reported', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      [NOTES]: TOPIC_NOTES,
      [READ]: {},
      [FINISH]: reply(403, SUBSCRIPTION_ENDED),
    });
    const denials = recordDenials();
    await clearOutbox();
    const stop = startOutbox(IDS.user);
    // As the signed-in services report the paywall's refusals of what the outbox sends.
    const stopDenials = reportOutboxDenials();
    try {
      const { user } = renderScreen(<ReadMode />, {
        path: '/study/let-elem/read?subject=prof-ed&topic=gen.learning',
        route: '/study/:reviewer/read',
      });
      await user.click(await screen.findByRole('button', { name: 'Mark as read and finish' }));
      await expect.poll(() => api.sentTo(FINISH).length).toBe(1);
      await expect.poll(() => denials).toEqual(['expired']);
      // The summary says why the day was not counted: the server's words.
      expect((await screen.findByText(SUBSCRIPTION_ENDED.error.message)).textContent).toBeTruthy();
    } finally {
      stopDenials();
      stop();
      await clearOutbox();
    }
  });
});

// docs/offline.md: the server counts a read session's day by the notes read in it, so its finish
// must come after them. The finish waited only for one pass of the outbox, which ends at the first
// failure (a 503 during a deploy, a timeout): it was sent before the note, answered "not counted",
// and taken as done; the note arrived a second later and nothing counted the day.
describe('read mode: a finish while its note read waits to be sent', () => {
  it('waits for the note to reach the server, then counts the day', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reads: unknown[] = [reply(503, { error: { message: 'Deploying' } }), {}];
    let readsRecorded = 0;
    const api = fakeApi({
      'GET /api/auth/claims': claimsFor(['let-elem']),
      [NOTES]: TOPIC_NOTES,
      [READ]: () => {
        const answer = reads.shift();
        if (!(answer instanceof Response)) readsRecorded += 1;
        return answer;
      },
      // As the server decides (study/overview.ts): counted only when a note was read today.
      [FINISH]: () => ({ counted: readsRecorded > 0, streak: readsRecorded > 0 ? 1 : 0 }),
    });
    // The web project's files share the outbox (isolate: false): start from an empty one.
    await clearOutbox();
    const stop = startOutbox(IDS.user);
    try {
      const { user } = renderScreen(<ReadMode />, {
        path: '/study/let-elem/read?subject=prof-ed&topic=gen.learning',
        route: '/study/:reviewer/read',
      });
      await user.click(await screen.findByRole('button', { name: 'Mark as read and finish' }));
      await expect.poll(() => api.sentTo(READ).length).toBe(1);
      expect(
        (await screen.findByText(/^Not counted for your streak yet\./)).textContent,
      ).toBeTruthy();
      expect(api.sentTo(FINISH)).toHaveLength(0);

      expect((await screen.findByText('Daily streak: 1 day')).textContent).toBeTruthy();
      expect(api.sentTo(READ)).toHaveLength(2);
      expect(api.sentTo(FINISH)).toHaveLength(1);
    } finally {
      stop();
      await clearOutbox();
    }
  });
});

// A topic with one note says so in the singular (lib/format.ts countText).
describe('read mode: a topic with one note', () => {
  it('counts "0 of 1 note read"', async () => {
    fakeApi({ 'GET /api/auth/claims': claimsFor(['let-elem']), [NOTES]: TOPIC_NOTES });
    renderScreen(<ReadMode />, {
      path: '/study/let-elem/read?subject=prof-ed&topic=gen.learning',
      route: '/study/:reviewer/read',
    });
    expect((await screen.findByText('0 of 1 note read')).textContent).toBeTruthy();
  });
});
