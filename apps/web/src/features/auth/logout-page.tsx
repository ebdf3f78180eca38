import { MESSAGES, PATHS } from '@pasado/core/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OfflineIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusScreen } from '../../components/status-screen.tsx';
import { apiFetch } from '../../lib/api.ts';
import { clearOfflineData } from '../../lib/offline/clear-offline-data.ts';
import { claimsQueryKey } from '../../lib/session/get-claims.ts';

/** Whether the server has ended the session: it said so (204), or there was none left (401). */
async function signOutOnServer(): Promise<boolean> {
  try {
    const response = await apiFetch('/api/auth/logout', { method: 'POST', timeoutMs: 15_000 });
    if (response.ok || response.status === 401) return true;
    console.warn('Sign-out answered', response.status);
  } catch (error) {
    console.warn('Sign-out request failed', error);
  }
  return false;
}

/**
 * /logout: sends or forgets what waits offline, signs out on the server, forgets every cached
 * document and opens /login. The session cookie is the server's (httpOnly): until the server has
 * ended the session, the phone is still signed in, so a sign-out that did not reach it says so and
 * offers to try again rather than showing /login to the next person on a shared phone, who would
 * have been signed in as this student at the next reload (docs/product.md#sign-in).
 */
export function LogoutPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const active = useRef(true);

  const signOut = useCallback(async () => {
    setFailed(false);
    await clearOfflineData().catch((error: unknown) =>
      console.warn('Could not clear the offline data', error),
    );
    const ended = await signOutOnServer();
    if (!active.current) return;
    if (!ended) {
      setFailed(true);
      return;
    }
    client.setQueryData(claimsQueryKey, null);
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== claimsQueryKey[0] });
    navigate(PATHS.login, { replace: true });
  }, [client, navigate]);

  useEffect(() => {
    active.current = true;
    void signOut();
    return () => {
      active.current = false;
    };
  }, [signOut]);

  if (failed) {
    return (
      <StatusScreen
        title="We could not sign you out"
        tone="warning"
        icon={<OfflineIcon />}
        actions={
          <>
            <button type="button" className="btn btn--primary btn--block" onClick={signOut}>
              Try again
            </button>
            <Link className="btn btn--secondary btn--block" to={PATHS.root}>
              Go to home
            </Link>
          </>
        }
      >
        <p>
          You are still signed in on this phone. Check your connection and try again before you hand
          the phone to someone else.
        </p>
      </StatusScreen>
    );
  }

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
