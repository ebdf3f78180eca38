import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { claimsQueryKey } from '../../lib/session/get-claims.ts';
import { fakeApi, networkDown } from '../../testing/fake-api.ts';
import { renderScreen, testQueryClient } from '../../testing/render.tsx';
import { LogoutPage } from './logout-page.tsx';

// The offline stores are another test's subject (logout-offline-data.test.tsx); here they are empty.
vi.mock('../../lib/offline/clear-offline-data.ts', () => ({
  sendWaitingChanges: async () => {},
  forgetSignedOut: async () => {},
}));

// docs/product.md#sign-in: the session cookie is the server's. A sign-out that never reached the
// server used to open /login anyway, and the next person on the phone was signed in as this
// student at the next reload.
describe('/logout', () => {
  it('stays signed in, says so and offers a retry until the server has ended the session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({ 'POST /api/auth/logout': networkDown });
    const client = testQueryClient();
    client.setQueryData(claimsQueryKey, { uid: 'u1' });
    client.setQueryData(['quiz-home', 'cse-pro'], { sets: [] });
    const { router, user } = renderScreen(<LogoutPage />, { path: '/logout', client });

    expect(
      (await screen.findByRole('heading', { name: 'We could not sign you out' })).textContent,
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/logout');
    expect(client.getQueryData(claimsQueryKey)).toEqual({ uid: 'u1' });

    // A server error is no sign-out either.
    api.routes['POST /api/auth/logout'] = new Response(null, { status: 503 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'We could not sign you out' });
    expect(router.state.location.pathname).toBe('/logout');

    api.routes['POST /api/auth/logout'] = new Response(null, { status: 204 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(client.getQueryData(claimsQueryKey)).toBeNull();
    expect(client.getQueryData(['quiz-home', 'cse-pro'])).toBeUndefined();
    expect(api.sentTo('POST /api/auth/logout')).toHaveLength(3);
    vi.restoreAllMocks();
  });
});
