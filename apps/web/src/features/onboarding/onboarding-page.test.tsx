import { DISPLAY_NAME_MESSAGES } from '@pasado/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userDoc } from '../../testing/docs.ts';
import { fakeApi, result } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import {
  CSE_PRO,
  claimsFor,
  LET_ELEM,
  MARCH_2027,
  reviewerOffer,
  SEPTEMBER_2027,
} from '../../testing/reviewers.ts';
import { OnboardingPage } from './onboarding-page.tsx';

const LET_SEC = reviewerOffer('let-sec', 'LET-Sec', 'LET — Secondary', {
  majors: [
    { subjectId: 'off.math', name: 'Specialization: Mathematics' },
    { subjectId: 'off.eng', name: 'Specialization: English' },
  ],
});
const NOT_READY = reviewerOffer('nle', 'NLE', 'Nursing Licensure', {
  offered: false,
  usable: false,
});

function openOnboarding(nameSuggestion: string | null = null) {
  const api = fakeApi({
    'GET /api/reviewers': {
      reviewers: [
        CSE_PRO,
        { ...LET_ELEM, sittings: [MARCH_2027, SEPTEMBER_2027] },
        LET_SEC,
        NOT_READY,
      ],
    },
    'GET /api/me': userDoc({ isOnboarded: false, displayName: null, nameSuggestion }),
    'POST /api/functions/applyRevAccess': result({ success: true, freeTrialStarted: true }),
    'GET /api/auth/claims?force=1': claimsFor(['let-elem']),
  });
  return { api, ...renderScreen(<OnboardingPage />, { path: '/onboarding' }) };
}

const submit = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
const applied = (api: ReturnType<typeof fakeApi>) =>
  api.sentTo('POST /api/functions/applyRevAccess');

// docs/product.md "Onboarding": one ready track, how they heard of us, an optional public name.
describe('onboarding', () => {
  it('offers only the tracks that are ready', async () => {
    openOnboarding();
    await screen.findByRole('radio', { name: /CSE-Pro/ });
    expect(
      screen
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.querySelector('.radio-card__title')?.textContent),
    ).toEqual(['CSE-Pro', 'LET-Elem', 'LET-Sec']);
  });

  it('continues only once a track and where they heard of us are chosen', async () => {
    const { user } = openOnboarding();
    await user.click(await screen.findByRole('radio', { name: /LET — Elementary/ }));
    expect(submit().disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'Facebook');
    expect(submit().disabled).toBe(false);
  });

  it('a track with majors asks for the major before it continues', async () => {
    const { api, user } = openOnboarding();
    await user.click(await screen.findByRole('radio', { name: /LET — Secondary/ }));
    await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'Facebook');
    expect(screen.getByRole('group', { name: 'What is your major?' })).toBeTruthy();
    expect(submit().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Mathematics' }));
    await user.click(submit());
    await expect.poll(() => applied(api).length).toBe(1);
    expect(applied(api)[0]?.body).toEqual({
      data: { reviewer: 'let-sec', knowFrom: 'Facebook', major: 'off.math' },
    });
  });

  it('refuses a public name with a phone number, on the page, and sends nothing', async () => {
    const { api, user } = openOnboarding();
    await user.click(await screen.findByRole('radio', { name: /LET — Elementary/ }));
    await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'Facebook');
    const name = screen.getByLabelText('Your name on the leaderboard (optional)');
    await user.type(name, 'text me 0917 123 4567');
    await user.click(submit());
    expect(screen.getByText(DISPLAY_NAME_MESSAGES.NO_PHONE).getAttribute('role')).toBe('alert');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(applied(api)).toEqual([]);
  });

  it("offers the sign-in provider's first name, sent only as the student leaves it", async () => {
    const { api, user } = openOnboarding('Maria');
    await user.click(await screen.findByRole('radio', { name: /LET — Elementary/ }));
    await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'TikTok');
    const name = screen.getByLabelText(
      'Your name on the leaderboard (optional)',
    ) as HTMLInputElement;
    await expect.poll(() => name.value).toBe('Maria');
    await user.click(submit());
    await expect.poll(() => applied(api).length).toBe(1);
    expect(applied(api)[0]?.body).toEqual({
      data: { reviewer: 'let-elem', knowFrom: 'TikTok', displayName: 'Maria' },
    });
  });

  it('an emptied name is not sent: the student appears as "Student"', async () => {
    const { api, user } = openOnboarding('Maria');
    await user.click(await screen.findByRole('radio', { name: /LET — Elementary/ }));
    await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'TikTok');
    const name = screen.getByLabelText(
      'Your name on the leaderboard (optional)',
    ) as HTMLInputElement;
    await expect.poll(() => name.value).toBe('Maria');
    await user.clear(name);
    await user.click(submit());
    await expect.poll(() => applied(api).length).toBe(1);
    expect(applied(api)[0]?.body).toEqual({ data: { reviewer: 'let-elem', knowFrom: 'TikTok' } });
  });

  it('offers the chosen track’s official exam dates, sent when picked (issue 23)', async () => {
    const { api, user } = openOnboarding();
    await user.click(await screen.findByRole('radio', { name: /LET — Elementary/ }));
    const date = screen.getByLabelText('When is your exam? (optional)') as HTMLSelectElement;
    expect([...date.options].map((o) => o.textContent)).toEqual([
      'Not decided yet',
      'Mar 21, 2027',
      'Sep 26, 2027',
    ]);
    await user.selectOptions(date, 'Sep 26, 2027');
    await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'Facebook');
    await user.click(submit());
    await expect.poll(() => applied(api).length).toBe(1);
    expect(applied(api)[0]?.body).toMatchObject({
      data: { reviewer: 'let-elem', sitting: SEPTEMBER_2027.id },
    });
  });

  it('the exam date can be skipped, and a track without dates asks nothing', async () => {
    const { api, user } = openOnboarding();
    await user.click(await screen.findByRole('radio', { name: /CSE-Pro/ }));
    expect(screen.queryByLabelText('When is your exam? (optional)')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /LET — Elementary/ }));
    await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'Facebook');
    await user.click(submit());
    await expect.poll(() => applied(api).length).toBe(1);
    expect(applied(api)[0]?.body).not.toHaveProperty('data.sitting');
  });
});
