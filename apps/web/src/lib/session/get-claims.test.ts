import { MESSAGES } from '@pasado/core/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { queryClient } from '../query-client.ts';
import { claimsQueryKey, getClaims } from './get-claims.ts';

const { endSession, forgetSignedOut, device } = vi.hoisted(() => ({
  endSession: vi.fn(
    async (_message: string, _then: string, _pageDeviceId: string | null, _uid?: string) => {},
  ),
  forgetSignedOut: vi.fn(async () => undefined),
  device: { id: 'phone-1' as string | null },
}));
vi.mock('../end-session.ts', () => ({ endSession, isSessionEnding: () => false }));
vi.mock('../offline/clear-offline-data.ts', () => ({ forgetSignedOut }));
vi.mock('../device-id.ts', () => ({ readDeviceId: async () => device.id }));

/** The lazy imports behind the 401 have run. */
const settled = () =>
  vi.waitFor(() =>
    expect(endSession.mock.calls.length + forgetSignedOut.mock.calls.length).toBe(1),
  );

afterEach(() => {
  endSession.mockClear();
  forgetSignedOut.mockClear();
  device.id = 'phone-1';
});

/** The claims read's 401 when a sign-in on another device ended this phone's session. */
const endedByAnotherDevice = () =>
  reply(401, {
    error: { status: 'UNAUTHENTICATED', message: 'Sign in to continue.', reason: 'other-device' },
  });

// docs/product.md#errors: a phone whose live stream was down when another device signed in learns
// it from the claims read on its next start; it went to /login without the alert.
describe('getClaims when the server has no session for this phone', () => {
  it('a sign-in on another device (reason other-device): the alert and the forced sign-out', async () => {
    fakeApi({ 'GET /api/auth/claims': endedByAnotherDevice() });
    expect(await getClaims()).toBeNull();
    await settled();
    // A cold start has read no claims: no one to name but the phone's last student.
    expect(endSession).toHaveBeenCalledWith(
      MESSAGES.OTHER_DEVICE_LOGOUT,
      'login',
      'phone-1',
      undefined,
    );
    endSession.mockClear();
    // A page that had read them names whose session ended.
    queryClient.setQueryData(claimsQueryKey, { uid: 'student-a' });
    fakeApi({ 'GET /api/auth/claims': endedByAnotherDevice() });
    expect(await getClaims()).toBeNull();
    await settled();
    queryClient.removeQueries({ queryKey: claimsQueryKey });
    expect(endSession).toHaveBeenCalledWith(
      MESSAGES.OTHER_DEVICE_LOGOUT,
      'login',
      'phone-1',
      'student-a',
    );
    // endSession deletes what the phone kept once the server confirms, after sending what waits.
    expect(forgetSignedOut).not.toHaveBeenCalled();
  });

  it('signed out, expired: no alert, what the phone kept is deleted', async () => {
    fakeApi({
      'GET /api/auth/claims': reply(401, {
        error: { status: 'UNAUTHENTICATED', message: 'Sign in to continue.' },
      }),
    });
    expect(await getClaims()).toBeNull();
    await settled();
    expect(endSession).not.toHaveBeenCalled();
    expect(forgetSignedOut).toHaveBeenCalledOnce();
  });

  // CI found the alert twice: the forced sign-out told the student and cleared the device id, but
  // a request still on its way with the old cookie set the server's note again, and /login's
  // claims read then told it a second time.
  it('other-device on a phone a forced sign-out has already cleared: no second alert', async () => {
    device.id = null;
    fakeApi({ 'GET /api/auth/claims': endedByAnotherDevice() });
    expect(await getClaims()).toBeNull();
    await settled();
    expect(endSession).not.toHaveBeenCalled();
    expect(forgetSignedOut).toHaveBeenCalledOnce();
  });
});
