import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { claimsFor } from '../../testing/reviewers.ts';
import { ListenMode } from './listen-mode.tsx';

const TOPIC = {
  id: 'gen.learning',
  name: 'Theories of Learning',
  subjectId: 'prof-ed',
  subjectName: 'Professional Education',
};
const PATH = '/study/let-elem/listen?subject=prof-ed&topic=gen.learning';

/** A browser's speech engine with the given voices (none: it cannot read aloud). */
function speechEngine(voices: Partial<SpeechSynthesisVoice>[]) {
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => voices,
    speak: () => undefined,
    cancel: () => undefined,
    pause: () => undefined,
    resume: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
}

function openListen() {
  fakeApi({
    'GET /api/auth/claims': claimsFor(['let-elem']),
    'GET /api/study/let-elem/topics/gen.learning/notes': {
      topic: TOPIC,
      notes: [
        {
          id: 'n1',
          title: 'Behaviourism',
          body: 'Learning is a **change in behaviour**.',
          read: false,
        },
        { id: 'n2', title: 'Constructivism', body: 'Learners build knowledge.', read: false },
      ],
      readCount: 0,
      total: 2,
    },
    'GET /api/study/let-elem/topics/gen.learning/cards': {
      topic: TOPIC,
      cards: [
        {
          id: 'c1',
          front: 'Who proposed operant conditioning?',
          back: 'B. F. Skinner',
          rationale: null,
        },
      ],
    },
  });
  return renderScreen(<ListenMode />, { path: PATH, route: '/study/:reviewer/listen' });
}

// docs/product.md "Listen mode": without a voice the screen says so plainly and still shows the text.
describe('listen mode without a voice', () => {
  it('says the browser has no voice, disables Play and shows the note to read', async () => {
    speechEngine([]);
    openListen();
    // The empty voice list is believed after 2 s (use-speech.test.ts).
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toBe(
      'Your browser has no speech voice, so it cannot read aloud. You can still read the text below. On Android, install a voice in Settings › Text-to-speech, or try Chrome.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Listen: Theories of Learning',
    );
    expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('heading', { name: 'Behaviourism', level: 2 })).toBeTruthy();
  });

  it('a browser without speech synthesis at all says so at once', async () => {
    openListen();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^This browser cannot read aloud\./,
    );
  });

  it('a voice: Play can be pressed, no warning', async () => {
    speechEngine([{ name: 'Test', lang: 'en-PH', default: true }]);
    openListen();
    const play = await screen.findByRole('button', { name: 'Play' });
    expect((play as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
