import { describe, expect, it } from 'vitest';
import { toAppConfig } from '../../src/platform/config/app-config.ts';
import { InvalidEnvironmentError, parseEnv } from '../../src/platform/config/env.ts';

describe('environment', () => {
  it('runs a fresh clone with no variables: PGlite under ./data and the development provider', () => {
    const config = toAppConfig(parseEnv({}));
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.database).toMatchObject({ engine: 'pglite' });
    expect(config.oidc).toMatchObject({
      kind: 'development',
      issuer: 'http://localhost:8080/dev-idp',
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = toAppConfig(parseEnv({ DATABASE_URL: 'postgres://u@db:5432/pasado' }));
    expect(config.database).toEqual({
      engine: 'postgres',
      url: 'postgres://u@db:5432/pasado',
      poolSize: 10,
    });
  });

  it('lists every bad value at once', () => {
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        OIDC_ISSUER: 'https://accounts.example',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      const { problems } = error as InvalidEnvironmentError;
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
      expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    }
  });

  it('needs the OIDC trio together', () => {
    expect(() => parseEnv({ OIDC_ISSUER: 'https://accounts.example' })).toThrow(/go together/);
  });

  it('refuses production without a real provider, a session secret, a public URL and mail', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /OIDC_ISSUER: is required in production[\s\S]*SESSION_SECRET[\s\S]*PUBLIC_URL[\s\S]*SMTP_URL/,
    );
  });

  const production = {
    NODE_ENV: 'production',
    OIDC_ISSUER: 'https://accounts.example',
    OIDC_CLIENT_ID: 'pasado',
    OIDC_CLIENT_SECRET: 'secret',
    SESSION_SECRET: 'x'.repeat(32),
    PUBLIC_URL: 'https://pasado.ph',
    SMTP_URL: 'smtp://mail.example:587',
    PAYMENT_WALLET_NUMBER: '0917 123 4567',
    PAYMENT_WALLET_ACCOUNT_NAME: 'Pasado Inc.',
  };

  it('refuses production on the embedded database unless the operator opts in', () => {
    expect(() => parseEnv(production)).toThrow(/DATABASE_URL: is required in production/);
    expect(parseEnv({ ...production, ALLOW_EMBEDDED_DATABASE: 'true' }).NODE_ENV).toBe(
      'production',
    );
    expect(parseEnv({ ...production, DATABASE_URL: 'postgres://u@db:5432/pasado' }).NODE_ENV).toBe(
      'production',
    );
  });

  it('turns rate limits off only outside production', () => {
    expect(toAppConfig(parseEnv({})).rateLimits).toBe(true);
    expect(toAppConfig(parseEnv({ RATE_LIMITS: 'off' })).rateLimits).toBe(false);
    expect(() =>
      parseEnv({ ...production, DATABASE_URL: 'postgres://u@db/p', RATE_LIMITS: 'off' }),
    ).toThrow(/RATE_LIMITS: cannot be off in production/);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });
});
