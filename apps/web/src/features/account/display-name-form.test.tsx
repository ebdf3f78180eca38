import { DISPLAY_NAME_MESSAGES } from '@pasado/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userDoc } from '../../testing/docs.ts';
import { fakeApi, networkDown, reply } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { DisplayNameForm } from './display-name-form.tsx';

const field = () => screen.getByLabelText('Display name') as HTMLInputElement;

// docs/product.md "Account": the name other students see, checked on the phone with the server's rule.
describe('the display name form', () => {
  it('refuses an email address with the reason, and sends nothing', async () => {
    const api = fakeApi({});
    const { user } = renderScreen(<DisplayNameForm current={null} />);
    await user.type(field(), 'jose@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(DISPLAY_NAME_MESSAGES.NO_EMAIL);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(api.sent).toEqual([]);
  });

  it('saves the name with its spaces tidied, and says so', async () => {
    const api = fakeApi({
      'PUT /api/me/display-name': ({ body }) =>
        userDoc({ displayName: (body as { displayName: string }).displayName }),
    });
    const { user } = renderScreen(<DisplayNameForm current={null} />);
    await user.type(field(), '  Jose   Rizal ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved.');
    expect(api.sentTo('PUT /api/me/display-name')[0]?.body).toEqual({ displayName: 'Jose Rizal' });
    expect(field().value).toBe('Jose Rizal');
  });

  it("shows the server's reason when it refuses", async () => {
    fakeApi({
      'PUT /api/me/display-name': reply(400, {
        error: { status: 'INVALID_ARGUMENT', message: 'That name is taken.' },
      }),
    });
    const { user } = renderScreen(<DisplayNameForm current="Maria" />);
    await user.clear(field());
    await user.type(field(), 'Maria Clara');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That name is taken.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  // It showed the request's own error: "Failed to fetch", "Timed out", or a 5xx's internal text.
  it.each([
    ['no connection', networkDown],
    ['a server error', reply(500, { error: { message: 'relation "users" does not exist' } })],
  ])('%s: says the name was not saved and what to do', async (_case, answer) => {
    fakeApi({ 'PUT /api/me/display-name': answer });
    const { user } = renderScreen(<DisplayNameForm current="Maria" />);
    await user.clear(field());
    await user.type(field(), 'Maria Clara');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your name was not saved. Check your connection and try again.',
    );
    expect(field().value).toBe('Maria Clara');
  });
});
