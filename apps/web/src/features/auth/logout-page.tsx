import { MESSAGES, PATHS } from '@pasado/core/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { apiFetch } from '../../lib/api.ts';
import { clearOfflineData } from '../../lib/offline/clear-offline-data.ts';
import { claimsQueryKey } from '../../lib/session/get-claims.ts';

/**
 * /logout: sends or forgets what waits offline, signs out on the server, forgets every cached
 * document and opens /login.
 */
export function LogoutPage() {
  const client = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    (async () => {
      await clearOfflineData().catch((error: unknown) =>
        console.warn('Could not clear the offline data', error),
      );
      try {
        const response = await apiFetch('/api/auth/logout', { method: 'POST', timeoutMs: 15_000 });
        if (!response.ok && response.status !== 401)
          console.warn('Sign-out answered', response.status);
      } catch (error) {
        console.warn('Sign-out request failed', error);
      }
      if (!active) return;
      client.setQueryData(claimsQueryKey, null);
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== claimsQueryKey[0] });
      navigate(PATHS.login, { replace: true });
    })();
    return () => {
      active = false;
    };
  }, [client, navigate]);

  return (
    <main id="main" className="status-screen">
      <div className="screen-card status-screen__card" role="status">
        <Spinner size="lg" />
        <h1 className="status-screen__title">Signing out</h1>
        <p>{MESSAGES.PLEASE_WAIT}</p>
      </div>
    </main>
  );
}
