import { apiFetch } from '../api.ts';

/**
 * POST /api/auth/logout: whether the server has ended the session. It said so (204), or there was
 * none left (401); no connection, a timeout or a server error is no sign-out: the session cookie
 * is the server's, and the phone is still signed in.
 */
export async function signOutOnServer(timeoutMs = 15_000): Promise<boolean> {
  try {
    const response = await apiFetch('/api/auth/logout', { method: 'POST', timeoutMs });
    if (response.ok || response.status === 401) return true;
    console.warn('Sign-out answered', response.status);
  } catch (error) {
    console.warn('Sign-out request failed', error);
  }
  return false;
}
