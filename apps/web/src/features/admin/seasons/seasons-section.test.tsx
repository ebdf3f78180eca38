import type { Season } from '@pasado/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { SeasonsSection } from './seasons-section.tsx';

const DAY = 86_400_000;

const season = (
  name: string,
  phase: Season['phase'],
  startsIn: number,
  endsIn: number,
): Season => ({
  id: `0a1b2c3d-4e5f-4a6b-8c7d-${String(startsIn + 100).padStart(12, '0')}`,
  name,
  status: phase === 'closed' ? 'closed' : 'open',
  startsAt: new Date(Date.now() + startsIn * DAY).toISOString(),
  expiryDate: new Date(Date.now() + endsIn * DAY).toISOString(),
  createdAt: new Date(Date.now() - 40 * DAY).toISOString(),
  phase,
});

const chipOf = async (name: string) => {
  const item = (await screen.findByText(name)).closest('li');
  if (!item) throw new Error(`no season item for ${name}`);
  return within(item).getByText(/^(Scheduled|Open|Ended|Closed)$/).textContent;
};

// docs/product.md#staff: only a running season earns points, so staff see which one runs.
describe('the seasons list', () => {
  it('shows a season that has not started as scheduled, not open', async () => {
    fakeApi({
      'GET /api/admin/seasons': {
        seasons: [
          season('January push', 'scheduled', 3, 30),
          season('December push', 'running', -1, 2),
          season('November push', 'ended', -30, -1),
          season('October push', 'closed', -60, -31),
        ],
      },
      'GET /api/admin/fair-play/flags': { flags: [] },
    });
    renderScreen(<SeasonsSection />);
    expect(await chipOf('January push')).toBe('Scheduled');
    expect(await chipOf('December push')).toBe('Open');
    expect(await chipOf('November push')).toBe('Ended');
    expect(await chipOf('October push')).toBe('Closed');
  });
});

// A season not yet started has no points counting: the prompt said they would stop.
describe('closing a season', () => {
  it('asks in words that fit where the season stands', async () => {
    fakeApi({
      'GET /api/admin/seasons': {
        seasons: [
          season('January push', 'scheduled', 3, 30),
          season('December push', 'running', -1, 2),
        ],
      },
      'GET /api/admin/fair-play/flags': { flags: [] },
    });
    const asked: string[] = [];
    vi.stubGlobal('confirm', (text: string) => {
      asked.push(text);
      return false;
    });
    try {
      renderScreen(<SeasonsSection />);
      for (const name of ['January push', 'December push']) {
        const item = (await screen.findByText(name)).closest('li');
        if (!item) throw new Error(`no season item for ${name}`);
        fireEvent.click(within(item).getByRole('button', { name: 'Close season' }));
      }
      expect(asked).toEqual([
        'Close “January push” before it starts? It will not run.',
        'Close “December push” now? Its points stop counting.',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
