// Signing benchmark students in as a student does: /api/auth/login → the development OIDC
// provider's page → its form → the callback (the server in test mode runs that provider).
import { formAction, TestBrowser } from '../../apps/server/test/helpers/test-browser.ts';

/** The session cookie (`pasado_session=…`) of `email` signed in on `device` (as `userAgent`). */
export async function signInStudent(
  baseUrl: string,
  email: string,
  device: string,
  userAgent?: string,
): Promise<string> {
  const browser = new TestBrowser(userAgent);
  const start = await browser.navigate(`${baseUrl}/api/auth/login?device=${device}`);
  const html = (await start.response?.text()) ?? '';
  const done = await browser.navigate(formAction(html, start.url), {
    method: 'POST',
    form: { email },
  });
  await done.response?.arrayBuffer();
  const session = done.response?.headers
    .getSetCookie()
    .find((c) => c.startsWith('pasado_session='));
  if (!session) throw new Error(`sign-in failed for ${email} (${done.url.pathname})`);
  return session.split(';')[0] ?? '';
}
