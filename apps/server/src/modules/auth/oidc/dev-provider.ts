import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Configuration, Interaction } from 'oidc-provider';
import { z } from 'zod';
import { createDevMemoryAdapter } from './dev-memory-adapter.ts';
import { DEFAULT_DEV_EMAIL, renderMessagePage, renderSignInPage } from './dev-sign-in-pages.ts';

export type DevIdentityProviderOptions = {
  /** e.g. http://localhost:8080/dev-idp; its path is where the provider is mounted. */
  issuer: string;
  clients: Array<{ clientId: string; clientSecret: string; redirectUris: string[] }>;
  /** Keys that sign the provider's cookies; first one signs, all verify. */
  cookieKeys: string[];
};

const SCOPES = ['openid', 'email', 'profile'] as const;
const CLAIMS = { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] };
const SUPPORTED_CLAIMS = new Set(Object.values(CLAIMS).flat());
const ACCOUNT_PREFIX = 'dev:';
const ALL_METHODS = ['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;

const emailSchema = z.email().max(254);
const signInFormSchema = z.object({ email: z.string().max(1000).default('') });

/**
 * A real OpenID Connect provider (oidc-provider) for development: authorization code + PKCE,
 * a "sign in as any email" page, consent granted automatically. Refused in production
 * (docs/product.md#system). Register it on the root instance, before `listen`, without a prefix:
 * the issuer's path is the prefix.
 */
export async function registerDevIdentityProvider(
  app: FastifyInstance,
  options: DevIdentityProviderOptions,
): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error(
      'The development identity provider cannot run in production; set OIDC_ISSUER to a real provider.',
    );
  }
  const issuer = new URL(options.issuer);
  const prefix = issuer.pathname.replace(/\/+$/, '');
  if (prefix === '' || issuer.search !== '' || issuer.hash !== '') {
    throw new Error(
      `The development identity provider needs an issuer with a path and no query, e.g. http://localhost:8080/dev-idp (got ${options.issuer}).`,
    );
  }
  if (options.cookieKeys.length === 0 || options.cookieKeys.some((key) => key.length < 16)) {
    throw new Error(
      'The development identity provider needs cookie keys of 16 characters or more.',
    );
  }
  if (options.clients.length === 0) {
    throw new Error('The development identity provider needs at least one client.');
  }

  const { default: Provider, interactionPolicy, errors } = await importOidcProvider();

  // Ask for the email on every sign-in, even with a provider session, so a developer can switch
  // accounts; once the login result is in, stop asking (or the flow would loop).
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'dev_choose_email',
        'The development provider asks which email to sign in as every time',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const pageSecurityPolicy = contentSecurityPolicy(
    options.clients.flatMap((client) => client.redirectUris),
  );

  const configuration: Configuration = {
    adapter: createDevMemoryAdapter(),
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    scopes: [...SCOPES],
    claims: CLAIMS,
    // Put email and name in the ID token as Google does, so the relying party needs no userinfo call.
    conformIdTokenClaims: false,
    cookies: {
      keys: options.cookieKeys,
      // Own names, and the long-lived session cookie confined to the issuer path, so nothing
      // collides with the app's cookies.
      names: {
        session: 'dev_idp_session',
        interaction: 'dev_idp_interaction',
        resume: 'dev_idp_resume',
      },
      long: { httpOnly: true, sameSite: 'lax', path: prefix },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
    },
    findAccount: (_ctx, id) => {
      if (!id.startsWith(ACCOUNT_PREFIX)) return undefined;
      const email = id.slice(ACCOUNT_PREFIX.length);
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email,
          email_verified: true,
          name: email.split('@')[0] ?? email,
        }),
      };
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${prefix}/interaction/${interaction.uid}`,
    },
    jwks: { keys: [generateSigningKey()] },
    pkce: { required: () => true },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.set('Content-Security-Policy', pageSecurityPolicy);
      ctx.body = renderMessagePage(
        'Sign-in could not continue',
        out.error_description ? `${out.error}: ${out.error_description}` : out.error,
      );
    },
    responseTypes: ['code'],
    clientBasedCORS: () => false,
    // Explicit lifetimes (seconds); oidc-provider prints a notice for each default it falls back to.
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // Trust X-Forwarded-Proto/-Host from a development proxy (TLS or Vite) when building URLs.
  provider.proxy = true;
  // Koa prints unhandled errors with console.error unless someone listens; use the app's logger.
  provider.on('error', (err) => app.log.error({ err }, 'development identity provider failed'));
  provider.on('server_error', (_ctx, err) =>
    app.log.error({ err }, 'development identity provider failed'),
  );

  const handle = provider.callback();
  const isSessionNotFound = (error: unknown) => error instanceof errors.SessionNotFound;

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', pageSecurityPolicy)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .send(html);

  const sendExpired = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      renderMessagePage(
        'This sign-in has expired',
        'Close this window and start signing in again from Pasado.',
      ),
    );

  /** A grant for everything the client asked for, so no consent screen is ever needed. */
  const grantRequested = async (interaction: Interaction, accountId: string): Promise<string> => {
    const clientId = interaction.params.client_id;
    if (typeof clientId !== 'string') throw new Error('interaction without client_id');
    const grant = new provider.Grant({ accountId, clientId });
    const requested = new Set(String(interaction.params.scope ?? '').split(' '));
    const missing = interaction.prompt.details.missingOIDCScope;
    if (Array.isArray(missing)) for (const scope of missing) requested.add(String(scope));
    grant.addOIDCScope(SCOPES.filter((scope) => requested.has(scope)).join(' '));
    const claims = requestedClaims(interaction);
    if (claims.length > 0) grant.addOIDCClaims(claims);
    return grant.save();
  };

  /**
   * Every sign-in starts a fresh provider session. Otherwise signing in as another email in the
   * same browser makes oidc-provider first log the old account out through an auto-submitting
   * page with an inline script (lib/actions/authorization/resume.js), which a strict CSP blocks.
   */
  const detachProviderSession = async (interaction: Interaction) => {
    const uid = interaction.session?.uid;
    if (uid === undefined) return;
    await (await provider.Session.findByUid(uid))?.destroy();
    interaction.session = undefined;
    interaction.grantId = undefined;
    await interaction.persist();
  };

  const findInteraction = async (
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (isSessionNotFound(error)) return undefined;
      throw error;
    }
  };

  await app.register(async (scope) => {
    // Our own form parser only: an inherited one (e.g. @fastify/formbody) must not run twice.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { uid: string } }>(`${prefix}/interaction/:uid`, async (request, reply) => {
      const interaction = await findInteraction(request, reply);
      if (!interaction) return sendExpired(reply);
      const accountId = interaction.session?.accountId;
      if (interaction.prompt.name === 'consent' && accountId) {
        const grantId = await grantRequested(interaction, accountId);
        const returnTo = await provider.interactionResult(request.raw, reply.raw, {
          consent: { grantId },
        });
        return reply.redirect(returnTo, 303);
      }
      if (interaction.prompt.name !== 'login') return sendExpired(reply);
      const hint = emailSchema.safeParse(interaction.params.login_hint);
      return sendPage(
        reply,
        200,
        renderSignInPage({
          action: `${prefix}/interaction/${interaction.uid}`,
          email: hint.success ? hint.data : DEFAULT_DEV_EMAIL,
        }),
      );
    });

    scope.post<{ Params: { uid: string } }>(
      `${prefix}/interaction/:uid`,
      async (request, reply) => {
        const interaction = await findInteraction(request, reply);
        if (interaction?.prompt.name !== 'login') return sendExpired(reply);
        const form = signInFormSchema.safeParse(request.body ?? {});
        const entered = form.success ? form.data.email.trim() : '';
        const email = emailSchema.safeParse(entered.toLowerCase());
        if (!email.success) {
          return sendPage(
            reply,
            400,
            renderSignInPage({
              action: `${prefix}/interaction/${interaction.uid}`,
              email: entered,
              error: 'Enter an email address, like student@example.com.',
            }),
          );
        }
        const accountId = `${ACCOUNT_PREFIX}${email.data}`;
        await detachProviderSession(interaction);
        const grantId = await grantRequested(interaction, accountId);
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );
  });

  await app.register(async (scope) => {
    // oidc-provider reads its own request bodies (token endpoint, form posts); a parser that
    // accepts every content type without reading keeps Fastify from consuming the stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: [...ALL_METHODS],
      url: `${prefix}/*`,
      handler: async (request, reply) => {
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        const url = raw.url ?? '/';
        // Mount the Koa app the way Express/middie do: strip the prefix, keep the original URL,
        // from which oidc-provider derives its mount path when building URLs and cookie paths.
        raw.originalUrl = url;
        raw.url = url.slice(prefix.length) || '/';
        try {
          await handle(raw, reply.raw);
        } finally {
          raw.url = url;
          delete raw.originalUrl;
        }
      },
    });
  });
}

/** Claim names asked for through the `claims` request parameter or reported missing by consent. */
function requestedClaims(interaction: Interaction): string[] {
  const names = new Set<string>();
  const missing = interaction.prompt.details.missingOIDCClaims;
  if (Array.isArray(missing)) for (const name of missing) names.add(String(name));
  const parameter = interaction.params.claims;
  if (typeof parameter === 'string') {
    try {
      const parsed: unknown = JSON.parse(parameter);
      if (parsed && typeof parsed === 'object') {
        for (const member of Object.values(parsed)) {
          if (member && typeof member === 'object') {
            for (const name of Object.keys(member)) names.add(name);
          }
        }
      }
    } catch {
      // oidc-provider has already refused an unparsable claims parameter before any interaction.
    }
  }
  return [...names].filter((name) => SUPPORTED_CLAIMS.has(name));
}

/** The interaction pages' policy: no scripts, inline styles, forms only to us and the clients. */
function contentSecurityPolicy(redirectUris: string[]): string {
  // Chromium applies form-action to the redirects that follow a form submission, and ours end at
  // the client's redirect URI; so those origins must be allowed too.
  const origins = [...new Set(redirectUris.map((uri) => new URL(uri).origin))];
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${origins.join(' ')}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh RS256 key per start: ID tokens only need to verify while this process runs. */
function generateSigningKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * Loaded only when the development provider is on, so production never loads the module. On
 * Node 20 oidc-provider 9 prints one "Unsupported runtime" warning when loaded (it asks for Node 22
 * LTS; it runs on 20 for this development use, which the whole suite exercises).
 */
function importOidcProvider() {
  return import('oidc-provider');
}
