import { SHELL_MESSAGES } from '@pasado/core/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { refreshClaims } from '../../lib/session/get-claims.ts';

/** The server's sign-in end page posts one of these on BroadcastChannel and to window.opener. */
export const AUTH_CHANNEL = 'pasado-auth';
type AuthMessage =
  | { type: 'pasado:signed-in' }
  | { type: 'pasado:sign-in-failed'; message?: string };

const POPUP_NAME = 'pasado-signin';
const POPUP_FEATURES = 'popup,width=480,height=640';
const POLL_MS = 500;

/**
 * IndexedDB code loads after /login's first paint (it is needed only by the click), which keeps the
 * page's first-load JavaScript inside its budget (docs/product.md#quality-bars quality bars).
 */
const loadDeviceId = () => import('../../lib/device-id.ts').then((m) => m.getOrCreateDeviceId());

export const signInUrl = (deviceId: string) =>
  `/api/auth/login?device=${encodeURIComponent(deviceId)}`;

export type SignInState =
  | { phase: 'idle'; error: string | null }
  /** The popup is open; the user signs in there. */
  | { phase: 'waiting' }
  /** Signed in; loading the claims before the guard moves on. */
  | { phase: 'finishing' }
  /** window.open returned null: the page offers a plain link instead. */
  | { phase: 'blocked'; url: string };

function asAuthMessage(data: unknown): AuthMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, message } = data as { type?: unknown; message?: unknown };
  if (type === 'pasado:signed-in') return { type };
  if (type === 'pasado:sign-in-failed') {
    return typeof message === 'string' ? { type, message } : { type };
  }
  return null;
}

/**
 * The federated sign-in popup (docs/product.md#sign-in; docs/product.md#sign-in). The
 * device id is read ahead of the click so window.open runs inside the click (popup blockers). The
 * result arrives on the BroadcastChannel or by postMessage from the popup (same origin only), and
 * `popup.closed` is polled as a fallback: a closed popup triggers a claims check, since a
 * Cross-Origin-Opener-Policy on the identity provider can make `closed` read true early.
 */
export function useSignIn() {
  const client = useQueryClient();
  const [state, setState] = useState<SignInState>({ phase: 'idle', error: null });
  const deviceId = useRef<string | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const finishing = useRef(false);

  const stopPolling = useCallback(() => {
    clearInterval(poll.current);
    poll.current = undefined;
  }, []);

  const finish = useCallback(async () => {
    if (finishing.current) return;
    finishing.current = true;
    stopPolling();
    setState({ phase: 'finishing' });
    try {
      const claims = await refreshClaims(client);
      // Signed in: the guard (app/root-layout.tsx) sends the user on from /login.
      if (claims === null) setState({ phase: 'idle', error: SHELL_MESSAGES.LOGIN_ERROR });
    } catch (error) {
      console.warn('Claims refresh after sign-in failed', error);
      setState({ phase: 'idle', error: SHELL_MESSAGES.LOGIN_ERROR });
    } finally {
      finishing.current = false;
    }
  }, [client, stopPolling]);

  const onPopupClosed = useCallback(async () => {
    if (finishing.current) return;
    try {
      const claims = await refreshClaims(client);
      if (claims !== null) return;
    } catch (error) {
      console.warn('Claims check after the popup closed failed', error);
    }
    setState((current) => (current.phase === 'waiting' ? { phase: 'idle', error: null } : current));
  }, [client]);

  // Read (or create) the device id before the click; a failure shows the login error.
  useEffect(() => {
    loadDeviceId().then(
      (id) => {
        deviceId.current = id;
      },
      (error: unknown) => {
        console.warn('Could not prepare the device id', error);
        setState({ phase: 'idle', error: SHELL_MESSAGES.LOGIN_ERROR });
      },
    );
  }, []);

  // Listen on both channels for the page's lifetime, so a late message still signs the user in.
  useEffect(() => {
    const handle = (data: unknown) => {
      const message = asAuthMessage(data);
      if (message?.type === 'pasado:signed-in') void finish();
      else if (message?.type === 'pasado:sign-in-failed') {
        stopPolling();
        setState({ phase: 'idle', error: message.message || SHELL_MESSAGES.LOGIN_ERROR });
      }
    };
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUTH_CHANNEL) : null;
    if (channel) channel.onmessage = (event: MessageEvent) => handle(event.data);
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) handle(event.data);
    };
    window.addEventListener('message', onMessage);
    return () => {
      channel?.close();
      window.removeEventListener('message', onMessage);
      stopPolling();
    };
  }, [finish, stopPolling]);

  const track = useCallback(
    (popup: Window) => {
      stopPolling();
      setState({ phase: 'waiting' });
      popup.focus();
      poll.current = setInterval(() => {
        if (!popup.closed) return;
        stopPolling();
        void onPopupClosed();
      }, POLL_MS);
    },
    [onPopupClosed, stopPolling],
  );

  const start = useCallback(() => {
    const id = deviceId.current;
    if (id) {
      const url = signInUrl(id);
      const popup = window.open(url, POPUP_NAME, POPUP_FEATURES);
      if (popup) track(popup);
      else setState({ phase: 'blocked', url });
      return;
    }
    // The device id is not ready yet: open the popup inside the click, then point it at the URL.
    const popup = window.open('', POPUP_NAME, POPUP_FEATURES);
    loadDeviceId().then(
      (created) => {
        deviceId.current = created;
        const url = signInUrl(created);
        if (popup && !popup.closed) {
          popup.location.href = url;
          track(popup);
        } else {
          setState({ phase: 'blocked', url });
        }
      },
      (error: unknown) => {
        console.warn('Could not prepare the device id', error);
        popup?.close();
        setState({ phase: 'idle', error: SHELL_MESSAGES.LOGIN_ERROR });
      },
    );
  }, [track]);

  /** The user opened the sign-in page with the fallback link. */
  const openedByLink = useCallback(() => setState({ phase: 'waiting' }), []);

  return { state, start, openedByLink };
}
