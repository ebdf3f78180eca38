import * as oidc from 'openid-client';

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Allow http:// (the development provider); never set for a real provider. */
  allowInsecureHttp: boolean;
};
export type LoginRequest = { url: string; state: string; nonce: string; codeVerifier: string };
export type VerifiedIdentity = {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
};

export type OidcLoginErrorCode =
  /** The provider could not be reached or described itself wrongly (discovery). */
  | 'provider_unavailable'
  /** The provider sent the user back with an error, e.g. access_denied. */
  | 'provider_refused'
  /** The callback or the token response failed a check: state, nonce, PKCE, signature, issuer… */
  | 'invalid_response'
  /** The identity carries no email address. */
  | 'email_missing'
  /** A first sign-in whose email the provider does not vouch for (docs/product.md#sign-in). */
  | 'email_unverified';

const SAFE_MESSAGES: Record<OidcLoginErrorCode, string> = {
  provider_unavailable: 'The sign-in provider is not available right now. Try again in a moment.',
  provider_refused: 'The sign-in provider did not sign you in.',
  invalid_response: 'The sign-in could not be verified. Start signing in again.',
  email_missing: 'The sign-in provider did not share an email address.',
  email_unverified:
    'The sign-in provider has not verified this email address. Verify it there, then sign in again.',
};

/**
 * A sign-in failure whose `message` is safe to show to the user; the openid-client error, with
 * the details worth logging, is the `cause`.
 */
export class OidcLoginError extends Error {
  override readonly name = 'OidcLoginError';
  readonly code: OidcLoginErrorCode;
  /** The OAuth error code the provider returned (e.g. access_denied), when it returned one. */
  readonly providerError: string | undefined;

  constructor(
    code: OidcLoginErrorCode,
    options: { cause?: unknown; providerError?: string | undefined } = {},
  ) {
    super(SAFE_MESSAGES[code], { cause: options.cause });
    this.code = code;
    this.providerError = options.providerError;
  }
}

const SCOPE = 'openid email profile';

/**
 * Sign-in with any OpenID Connect provider: authorization code flow with PKCE (S256), state and
 * nonce (docs/product.md#system). The caller keeps the LoginRequest's secrets server-side between
 * startLogin and finishLogin.
 */
export function createRelyingParty(settings: OidcSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;

  // Discovered on first use and kept; a failed discovery is forgotten so the next call retries.
  const getConfiguration = (): Promise<oidc.Configuration> => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        settings.allowInsecureHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((cause: unknown) => {
        configuration = undefined;
        throw new OidcLoginError('provider_unavailable', { cause });
      });
    return configuration;
  };

  return {
    /** Builds the authorization URL with fresh state, nonce and PKCE S256 verifier. */
    async startLogin(): Promise<LoginRequest> {
      const config = await getConfiguration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /** Exchanges the code from the callback URL, checking state, nonce and PKCE; rejects an identity without an email. */
    async finishLogin(
      callbackUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<VerifiedIdentity> {
      const config = await getConfiguration();
      // openid-client sends the callback URL without its query as redirect_uri; it must equal the
      // one in the authorization request, whatever host or proxy the callback arrived through.
      const current = new URL(settings.redirectUri);
      current.search = callbackUrl.search;

      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          pkceCodeVerifier: expected.codeVerifier,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error('no ID token');
        claims = { ...idToken };
        // Some providers put email only in userinfo; ask it, bound to the ID token's subject.
        if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
          const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
          claims = {
            ...idToken,
            email: userInfo.email,
            email_verified: userInfo.email_verified,
            name: idToken.name ?? userInfo.name,
          };
        }
      } catch (cause) {
        throw toLoginError(cause);
      }

      const email = typeof claims.email === 'string' ? claims.email.trim() : '';
      if (email === '') throw new OidcLoginError('email_missing');
      const name =
        typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name : null;
      return {
        issuer: String(claims.iss),
        subject: String(claims.sub),
        email,
        // Some providers send the string "true" (OIDC Core 5.1 says boolean). An absent claim is
        // no promise, so it counts as unverified (docs/product.md#sign-in).
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name,
      };
    },
  };
}

function toLoginError(cause: unknown): OidcLoginError {
  if (cause instanceof OidcLoginError) return cause;
  if (cause instanceof oidc.AuthorizationResponseError) {
    return new OidcLoginError('provider_refused', { cause, providerError: cause.error });
  }
  if (isUnreachable(cause)) return new OidcLoginError('provider_unavailable', { cause });
  return new OidcLoginError('invalid_response', { cause });
}

/** fetch could not connect or timed out, or the provider answered with an unexpected status. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return error instanceof oidc.ClientError && error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM';
}
