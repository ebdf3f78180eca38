import { describe, expect, it } from 'vitest';
import { toAppConfig } from '../../src/platform/config/app-config.ts';
import { InvalidEnvironmentError, parseEnv } from '../../src/platform/config/env.ts';

describe('mail configuration (SMTP_URL, MAIL_FROM, APP_DOWNLOAD_URL)', () => {
  it('defaults to the outbox, the Pasado sender and the app’s own /login', () => {
    const config = toAppConfig(parseEnv({ PUBLIC_URL: 'https://pasado.ph' }));
    expect(config.mail).toEqual({ transport: 'outbox', from: 'Pasado <no-reply@pasado.ph>' });
    expect(config.appDownloadUrl).toBe('https://pasado.ph/login');
  });

  it('uses SMTP when SMTP_URL is set', () => {
    const config = toAppConfig(
      parseEnv({
        SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
        MAIL_FROM: 'Team <team@example.com>',
        APP_DOWNLOAD_URL: 'https://play.google.com/store/apps/details?id=ph.pasado',
      }),
    );
    expect(config.mail).toEqual({
      transport: 'smtp',
      url: 'smtps://user:secret@smtp.example.com:465',
      from: 'Team <team@example.com>',
    });
    expect(config.appDownloadUrl).toBe('https://play.google.com/store/apps/details?id=ph.pasado');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => parseEnv({ SMTP_URL: 'https://smtp.example.com' })).toThrow(
      InvalidEnvironmentError,
    );
  });
});
