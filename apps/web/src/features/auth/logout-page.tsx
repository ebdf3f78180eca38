import { MESSAGES, PATHS } from '@pasado/core/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OfflineIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusScreen } from '../../components/status-screen.tsx';
import { forgetSignedOut, sendWaitingChanges } from '../../lib/offline/clear-offline-data.ts';
import { claimsQueryKey, claimsQueryOptions } from '../../lib/session/get-claims.ts';
import { signOutOnServer } from '../../lib/session/sign-out-on-server.ts';

const warnNotSent = (error: unknown) => console.warn('Could not send the waiting changes', error);
const warnNotCleared = (error: unknown) => console.warn('Could not clear the offline data', error);

/**
 * /logout: sends what waits offline, signs out on the server, then forgets what the phone kept for
 * the student and every cached document, and opens /login. The session cookie is the server's
 * (httpOnly): until the server has ended the session, the phone is still signed in, so a sign-out
 * that did not reach it deletes nothing, says so and offers to try again rather than showing
 * /login to the next person on a shared phone, who would have been signed in as this student at
 * the next reload (docs/product.md#sign-in). With no connection it says so at once. Changes the
 * server has not taken by then stay on the phone under the student's id, for their next sign-in
 * (docs/offline.md).
 */
export function LogoutPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const active = useRef(true);

  const signOut = useCallback(async () => {
    setFailed(false);
    if (!navigator.onLine) {
      setFailed(true);
      return;
    }
    // Whose session this ends, read before it ends: /logout is public, so a page loaded here (a
    // reload, a new tab) renders before the claims are read, and a student whose phone had kept
    // no snapshot yet was otherwise forgotten by no one.
    const claims = await client.ensureQueryData(claimsQueryOptions()).catch(() => undefined);
    const uid = claims?.uid;
    await sendWaitingChanges().catch(warnNotSent);
    const ended = await signOutOnServer();
    // Even when the page was left meanwhile: the phone is no longer signed in as this student.
    if (ended) await forgetSignedOut(uid).catch(warnNotCleared);
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
