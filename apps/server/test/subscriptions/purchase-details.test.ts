import { purchaseDetailsSchema } from '@pasado/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/platform/config/env.ts';
import { signedInUser, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { ENGINES } from '../helpers/test-database.ts';

// GET /api/purchase/details: the wallet the purchase page shows (docs/product.md#constants) and the support address
// of the Verify Payment modal (docs/product.md#screens), from configuration.
describe.each(ENGINES)('GET /api/purchase/details on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {
      PAYMENT_WALLET_NAME: 'Maya',
      PAYMENT_WALLET_NUMBER: '0918 555 1234',
      PAYMENT_WALLET_ACCOUNT_NAME: 'Pasado Review Inc.',
      SUPPORT_EMAIL: 'help@pasado.test',
    });
  });
  afterAll(() => t.close());

  it('answers 401 without a session, and with a forged one', async () => {
    for (const cookie of [undefined, 'pasado_session=forged']) {
      const res = await t.app.inject({
        url: '/api/purchase/details',
        ...(cookie ? { headers: { cookie } } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.status).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('0918');
    }
  });

  it('gives a signed-in student the configured wallet and support address', async () => {
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({ url: '/api/purchase/details', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(purchaseDetailsSchema.parse(res.json())).toEqual({
      wallet: { name: 'Maya', number: '0918 555 1234', accountName: 'Pasado Review Inc.' },
      supportEmail: 'help@pasado.test',
    });
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });

  it('is read-only: POST is not a route', async () => {
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase/details',
      headers: { cookie, origin: t.origin },
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('payment wallet configuration (env.ts)', () => {
  it('has development defaults', () => {
    const env = parseEnv({});
    expect(env.PAYMENT_WALLET_NAME).toBe('GCash');
    expect(env.PAYMENT_WALLET_NUMBER).toBeUndefined();
  });

  it('refuses a wallet number that is not a number', () => {
    expect(() => parseEnv({ PAYMENT_WALLET_NUMBER: 'call me' })).toThrow(/PAYMENT_WALLET_NUMBER/);
    expect(() => parseEnv({ PAYMENT_WALLET_NUMBER: '0917 123 4567' })).not.toThrow();
  });

  it('requires the real wallet number and account name in production', () => {
    const production = {
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://accounts.example.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
      SESSION_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://pasado.example.com',
      DATABASE_URL: 'postgres://pasado@db:5432/pasado',
      SMTP_URL: 'smtp://mail.example.com:587',
    };
    expect(() => parseEnv(production)).toThrow(
      /PAYMENT_WALLET_NUMBER: is required in production[\s\S]*PAYMENT_WALLET_ACCOUNT_NAME: is required/,
    );
    expect(() =>
      parseEnv({
        ...production,
        PAYMENT_WALLET_NUMBER: '0917 123 4567',
        PAYMENT_WALLET_ACCOUNT_NAME: 'Pasado Review Inc.',
      }),
    ).not.toThrow();
  });
});
