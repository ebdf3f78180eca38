import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordDenials, SUBSCRIPTION_ENDED } from '../../testing/denials.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render.tsx';
import { claimsFor } from '../../testing/reviewers.ts';
import { ReportButton } from './report-dialog.tsx';

// docs/product.md#paywall: reporting an item needs the subscription, as the quiz it is in does.
// One that ended mid-quiz left the refusal in the dialog, and nothing told the root layout (which
// reads the claims again, with the spec's alert, so the guard moves the page).
describe('a report refused on the paywall', () => {
  it('is reported, the server’s words shown meanwhile', async () => {
    const REPORT = 'POST /api/quiz/cse-pro/questions/q-1/report';
    fakeApi({
      'GET /api/auth/claims': claimsFor(['cse-pro']),
      [REPORT]: reply(403, SUBSCRIPTION_ENDED),
    });
    const denials = recordDenials();
    const { user } = renderScreen(<ReportButton reviewer="cse-pro" questionId="q-1" />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.type(screen.getByLabelText('What is wrong with it?'), 'The key should be B.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your subscription has ended: renew it to continue.',
    );
    expect(denials).toEqual(['expired']);
  });
});
