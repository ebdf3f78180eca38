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

  it('refuses production without a real provider, a session secret and a public URL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /OIDC_ISSUER: is required in production[\s\S]*SESSION_SECRET[\s\S]*PUBLIC_URL/,
    );
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });
});
