import type { ServerResponse } from 'node:http';
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
  // request, about 40 µs against about 1 µs here (docs/product.md#quality-bars quality bar on hot reads). On the root
  // instance, so every response has the headers, 404s and errors included.
  app.addHook('onRequest', (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}

/**
 * The headers above that only govern a document (or a worker), never a script or a stylesheet it
 * loads: CSP, framing, opener and cross-domain policies, HSTS (the document's answer carries it). A
 * screen's first load fetches 20-40 hashed chunks over HTTP/1.1, where headers are not compressed:
 * about 600 bytes each on a 1.6 Mbit/s link (issue 10). `nosniff`, the resource policy and the
 * referrer policy (a stylesheet's own `url()` requests follow it) stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Drops the document-only security headers from a built script or stylesheet's answer. */
export function leanSubresourceHeaders(response: ServerResponse): void {
  for (const name of DOCUMENT_ONLY_HEADERS) response.removeHeader(name);
}

/**
 * The key a request is counted under: a signed-in student by their id, anyone else by address.
 * A school computer room or a carrier-grade NAT puts hundreds of students behind one address, so
 * signed-in traffic must never share one budget (issue 9, finding 10). The session is loaded by
 * the /api scope's onRequest hook, which runs before the route-level hook the limiter adds.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return request.session ? `student:${request.session.userId}` : `address:${request.ip}`;
}

/**
 * Whether a request is exempt: decided on the route the router matched, never on the raw URL, so
 * `/%61pi/…` (which the router decodes to an /api route) is counted like `/api/…` (issue 9,
 * finding 1). The web app's static files are exempt: immutable, cached, dozens per page load.
 */
export function isRateLimitExempt(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route === undefined || !route.startsWith('/api/');
}

/** Per student when signed in, per address otherwise; tighter limits per route where they matter. */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: true,
    allowList: isRateLimitExempt,
    keyGenerator: rateLimitKey,
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
 * CSRF defence (docs/product.md#sessions): a state-changing request must come from our own origin,
 * the configured public one. Browsers always send Origin on such requests; a missing one is
 * refused too. The request's own Host is not trusted (issue 21 finding 7): a DNS-rebinding page
 * sends Origin equal to http:// and the Host it made resolve here.
 */
export function assertSameOrigin(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin && allowedOrigins.has(origin)) return;
  throw new AppError('PERMISSION_DENIED', 'Cross-origin request refused.');
}
