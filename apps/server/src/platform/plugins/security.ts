import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { AppError } from '../errors/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers with a strict CSP; the web app needs nothing from another origin. */
export async function registerSecurityHeaders(app: FastifyInstance, extraFormActions: string[]) {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'", ...extraFormActions],
        frameAncestors: ["'none'"],
      },
    },
    // The sign-in popup must be able to talk back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // helmet's middleware is built once: @fastify/helmet rebuilt it (and re-parsed the CSP) on every
  // request, about 40 µs against about 1 µs here (DESIGN.md quality bar on hot reads). On the root
  // instance, so every response has the headers, 404s and errors included.
  app.addHook('onRequest', (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}

/** Per client IP; sign-in and functions get tighter limits per route. */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: true,
    // The API only: the web app's files are static, immutable and cached, and one page load asks
    // for dozens of them. Students on mobile data often share one carrier-grade NAT address, so the
    // per-address budget is generous; sign-in, functions and uploads have tighter limits per route.
    allowList: (request) => !request.url.startsWith('/api/'),
    max: 1_200,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RESOURCE_EXHAUSTED',
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      ),
  });
}

/**
 * CSRF defence (DESIGN.md "Sessions"): a state-changing request must come from our own origin.
 * Browsers always send Origin on such requests; a missing one is refused too.
 */
export function assertSameOrigin(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin && (allowedOrigins.has(origin) || origin === `${request.protocol}://${request.host}`))
    return;
  throw new AppError('PERMISSION_DENIED', 'Cross-origin request refused.');
}
