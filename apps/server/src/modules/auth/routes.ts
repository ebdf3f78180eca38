import { loginDevicesDocSchema } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireSession } from '../../platform/session.ts';
import { type createRelyingParty, OidcLoginError } from './oidc/relying-party.ts';
import { POPUP_RESULT_SCRIPT, renderPopupResultPage } from './popup-result-page.ts';
import { finishProviderSignIn, loginDevicesOf, signOut } from './service.ts';
import {
  forgetSessionEnd,
  SESSION_COOKIE,
  sessionCacheOf,
  sessionCookieOptions,
} from './session-plugin.ts';

const LOGIN_COOKIE = 'pasado_login';
const LOGIN_COOKIE_PATH = '/api/auth';
const LOGIN_TTL_S = 600;

/**
 * Sign-ins per address a minute, started and finished alike: a school room or a carrier NAT signs
 * dozens in at once; the provider limits the sign-in itself.
 */
const SIGN_INS_PER_ADDRESS = { max: 120, timeWindow: '1 minute' };

const deviceIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid device id.');
const pendingLoginSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  deviceId: deviceIdSchema,
});

/** Public: the popup's start and finish, and the script of its result page. */
export async function publicAuthRoutes(
  app: FastifyInstance,
  opts: {
    relyingParty: ReturnType<typeof createRelyingParty>;
    secureCookies: boolean;
    sessionTtlMs: number;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  typed.get(
    '/login',
    {
      schema: { querystring: z.object({ device: deviceIdSchema }) },
      // A start only sets a signed cookie and redirects.
      config: { rateLimit: SIGN_INS_PER_ADDRESS },
    },
    async (request, reply) => {
      const login = await opts.relyingParty.startLogin();
      const pending = {
        state: login.state,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
        deviceId: request.query.device,
      };
      reply.setCookie(LOGIN_COOKIE, JSON.stringify(pending), {
        path: LOGIN_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        signed: true,
        maxAge: LOGIN_TTL_S,
      });
      return reply.redirect(login.url, 302);
    },
  );

  typed.get(
    '/callback',
    {
      config: { rateLimit: SIGN_INS_PER_ADDRESS },
      // The sign-in window shows a page, never the API's JSON: a refusal here (too many
      // sign-ins from one address, a failure) is read by the student.
      errorHandler: (error, request, reply) => {
        const status = error instanceof AppError ? error.httpStatus : (error.statusCode ?? 500);
        if (status >= 500) request.log.error({ err: error }, 'sign-in failed');
        return reply
          .status(Math.min(status, 500))
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            renderPopupResultPage({
              ok: false,
              message: status >= 500 ? 'Something went wrong. Please try again.' : error.message,
            }),
          );
      },
    },
    async (request, reply) => {
      reply.clearCookie(LOGIN_COOKIE, { path: LOGIN_COOKIE_PATH });
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const raw = request.cookies[LOGIN_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      const pending =
        unsigned?.valid && unsigned.value
          ? pendingLoginSchema.safeParse(safeJson(unsigned.value))
          : null;
      if (!pending?.success) {
        return reply.status(400).send(
          renderPopupResultPage({
            ok: false,
            message: 'Your sign-in took too long or was started elsewhere. Please try again.',
          }),
        );
      }
      try {
        const { token } = await finishProviderSignIn(
          db,
          { relyingParty: opts.relyingParty, sessionCache: sessionCacheOf(app) },
          {
            callbackUrl: new URL(request.url, `${request.protocol}://${request.host}`),
            pending: pending.data,
            deviceInfo: (request.headers['user-agent'] ?? 'Unknown browser').slice(0, 512),
            ttlMs: opts.sessionTtlMs,
            now: request.server.clock.now(),
          },
        );
        reply.setCookie(
          SESSION_COOKIE,
          token,
          sessionCookieOptions(opts.secureCookies, opts.sessionTtlMs),
        );
        forgetSessionEnd(request, reply);
        return reply.send(renderPopupResultPage({ ok: true }));
      } catch (error) {
        if (error instanceof OidcLoginError || error instanceof AppError) {
          request.log.warn({ err: error }, 'sign-in refused');
          return reply
            .status(400)
            .send(renderPopupResultPage({ ok: false, message: error.message }));
        }
        throw error;
      }
    },
  );

  app.get('/popup-result.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(POPUP_RESULT_SCRIPT),
  );
}

/** Behind a session: sign-out and the user's devices. */
export async function sessionAuthRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  // The forced sign-out after the other-device alert comes here: its 401 takes the note, so /login
  // does not show the alert a second time.
  app.post(
    '/auth/logout',
    { config: { tellsSessionEnd: 'in its 401' } },
    async (request, reply) => {
      const session = requireSession(request);
      await signOut(db, sessionCacheOf(app), session, request.server.clock.now());
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  // The login_devices/{uid} document (docs/product.md#entities).
  typed.get(
    '/me/devices',
    { schema: { response: { 200: loginDevicesDocSchema } } },
    async (request) => loginDevicesOf(db, requireSession(request).userId),
  );
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
