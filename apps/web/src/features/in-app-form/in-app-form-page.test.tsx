import { IN_APP_FORM_SERVER_MESSAGES, MESSAGES } from '@pasado/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  fakeApi,
  networkDown,
  result,
  type SentRequest,
} from '../../testing/fake-api.ts';
import { InAppFormPage } from './in-app-form-page.tsx';

function openForm(submitAnswer: Answer = result({ isSuccess: true, message: '' })) {
  const api = fakeApi({
    'POST /api/functions/incrementInAppFormVisit': result({ success: true }),
    'POST /api/functions/submitInAppForm': submitAnswer,
  });
  const user = userEvent.setup();
  render(<InAppFormPage />);
  return { api, user };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Start my free trial' });
const submitted = (api: { sentTo(key: string): SentRequest[] }) =>
  api.sentTo('POST /api/functions/submitInAppForm');

async function fill(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(field('First name'), 'Juan');
  await user.type(field('Last name'), 'Dela Cruz');
  await user.type(field('Email'), email);
}

// docs/product.md "In-app free-trial form": validation, the busy state, the two steps, the texts.
describe('the in-app free-trial form', () => {
  it('says what it is for, with the fields a phone can autofill', () => {
    openForm();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.GET_STARTED);
    expect(screen.getByText(MESSAGES.ELIGIBLE_TRIAL)).toBeTruthy();
    expect(
      ['First name', 'Last name', 'Email'].map((l) => field(l).getAttribute('autocomplete')),
    ).toEqual(['given-name', 'family-name', 'email']);
  });

  it('refuses empty fields, marking only those, and sends nothing', async () => {
    const { api, user } = openForm();
    await user.type(field('Last name'), 'Dela Cruz');
    await user.click(submit());
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.ALL_FIELDS_REQUIRED);
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Last name').getAttribute('aria-invalid')).toBeNull();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(submitted(api)).toEqual([]);
  });

  it('refuses an invalid email, marking the email alone; typing clears the message', async () => {
    const { api, user } = openForm();
    await fill(user, 'juan@example');
    await user.click(submit());
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.INVALID_EMAIL);
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('First name').getAttribute('aria-invalid')).toBeNull();
    await user.type(field('Email'), '.com');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submitted(api)).toEqual([]);
  });

  it('sends the email trimmed and lower-cased, busy until the answer, then congratulates', async () => {
    let answer = (_: unknown) => {};
    const { api, user } = openForm(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await fill(user, '  Juan.DelaCruz@Example.COM ');
    await user.click(submit());
    const busy = screen.getByRole('button', { name: MESSAGES.SUBMITTING }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await expect.poll(() => submitted(api).length).toBe(1);
    expect(submitted(api)[0]?.body).toEqual({
      data: { firstName: 'Juan', lastName: 'Dela Cruz', email: 'juan.delacruz@example.com' },
    });
    answer(result({ isSuccess: true, message: IN_APP_FORM_SERVER_MESSAGES.SUCCESS }));
    expect(await screen.findByRole('heading', { name: MESSAGES.CONGRATULATIONS })).toBeTruthy();
    expect(screen.getByText(MESSAGES.CHECK_SPAM)).toBeTruthy();
    expect(screen.getByTestId('confetti')).toBeTruthy();
  });

  it("shows the server's message when it refuses", async () => {
    const { user } = openForm(
      result({ isSuccess: false, message: IN_APP_FORM_SERVER_MESSAGES.ACCOUNT_EXISTS }),
    );
    await fill(user, 'ana.reyes@example.com');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      IN_APP_FORM_SERVER_MESSAGES.ACCOUNT_EXISTS,
    );
  });

  it("shows 'Something went wrong.' for a refusal without words", async () => {
    const { user } = openForm(result({ isSuccess: false, message: '' }));
    await fill(user, 'ana.reyes@example.com');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.SOMETHING_WENT_WRONG);
  });

  it('says the form is unavailable when the call fails, and can be sent again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = openForm(networkDown);
    await fill(user, 'someone.else@example.com');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.FORM_UNAVAILABLE);
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });
});
