import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { UnauthorizedPage } from './unauthorized-page.tsx';

// docs/product.md "Routes": where the guard sends unknown paths and pages without access.
describe('the error pages', () => {
  it('not found: says so, with the way home', () => {
    renderScreen(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('no access: says the page is not part of their access', () => {
    renderScreen(<UnauthorizedPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No access to this page');
    expect(screen.getByText(/it is not part of\s+your access yet/)).toBeTruthy();
  });

  it('something went wrong: the detail when there is one, a retry when one is offered', async () => {
    const retry = vi.fn();
    const { user } = renderScreen(
      <ErrorScreen detail="The server did not answer." onRetry={retry} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.getByText('The server did not answer.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('something went wrong without a retry: only the plain link home', () => {
    renderScreen(<ErrorScreen />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(
      screen.getByText(
        'We could not finish loading this page. Check your connection, then try again. Your progress is saved.',
      ),
    ).toBeTruthy();
  });
});
