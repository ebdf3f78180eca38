import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { DatabaseOptions } from '../db/client.ts';
import { WEB_DIST_DIR } from '../paths.ts';
import { type Env, parseEnv } from './env.ts';

/** What the app needs, derived once from the validated environment. */
export interface AppConfig {
  production: boolean;
  /** Where the process listens (PORT, HOST). */
  listen: { port: number; host: string };
  logLevel: Env['LOG_LEVEL'];
  publicUrl: string;
  dataDir: string;
  database: DatabaseOptions;
  sessionSecret: string;
  sessionTtlMs: number;
  /** A session unused this long ends (idle timeout). */
  sessionIdleMs: number;
  /** Off only for benchmarks and load tests (RATE_LIMITS=off); never in production. */
  rateLimits: boolean;
  trustProxy: boolean;
  supportEmail: string;
  /** The mobile wallet the purchase page tells students to pay into (GET /api/purchase/details). */
  paymentWallet: { name: string; number: string; accountName: string };
  /** `smtp`: deliver through SMTP_URL; `outbox`: write .eml files under dataDir/outbox. */
  mail: { transport: 'smtp'; url: string; from: string } | { transport: 'outbox'; from: string };
  /** The link to the app sent by the in-app free-trial form. */
  appDownloadUrl: string;
  /** `external`: a real provider from the environment; `development`: the built-in one. */
  oidc:
    | { kind: 'external'; issuer: string; clientId: string; clientSecret: string }
    | { kind: 'development'; issuer: string; clientId: string; clientSecret: string };
  webDistDir: string;
  /** Between runs of the item-analysis job; 0: never scheduled (staff can still run it). */
  itemAnalysisEveryMs: number;
  /** AUTO_APPROVE_MATCHED: a statement upload approves what it matches by reference and amount. */
  autoApproveMatched: boolean;
}

/** Development placeholders (env.ts requires the real values in production). */
const DEV_WALLET = { number: '0917 000 0000', accountName: 'Pasado Dev Wallet' } as const;

export function toAppConfig(env: Env): AppConfig {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const sessionSecret = env.SESSION_SECRET ?? randomBytes(32).toString('hex');
  return {
    production: env.NODE_ENV === 'production',
    listen: { port: env.PORT, host: env.HOST },
    logLevel: env.LOG_LEVEL,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    database: env.DATABASE_URL
      ? { engine: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { engine: 'pglite', dataDir: path.resolve(env.DATA_DIR, 'pglite') },
    sessionSecret,
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    sessionIdleMs: env.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
    rateLimits: env.RATE_LIMITS === 'on',
    trustProxy: env.TRUST_PROXY,
    supportEmail: env.SUPPORT_EMAIL,
    paymentWallet: {
      name: env.PAYMENT_WALLET_NAME,
      number: env.PAYMENT_WALLET_NUMBER ?? DEV_WALLET.number,
      accountName: env.PAYMENT_WALLET_ACCOUNT_NAME ?? DEV_WALLET.accountName,
    },
    mail: env.SMTP_URL
      ? { transport: 'smtp', url: env.SMTP_URL, from: env.MAIL_FROM }
      : { transport: 'outbox', from: env.MAIL_FROM },
    appDownloadUrl: env.APP_DOWNLOAD_URL ?? `${publicUrl}/login`,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            kind: 'external',
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : {
            kind: 'development',
            issuer: `${publicUrl}/dev-idp`,
            clientId: 'pasado-web',
            // The development provider lives in this process; its client secret never leaves it.
            clientSecret: `dev-${sessionSecret.slice(0, 24)}`,
          },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : WEB_DIST_DIR,
    itemAnalysisEveryMs: env.ITEM_ANALYSIS_EVERY_MINUTES * 60 * 1000,
    autoApproveMatched: env.AUTO_APPROVE_MATCHED === 'true',
  };
}

/**
 * The one way to read the configuration (server, CLI, tests, benchmarks): the environment validated
 * by env.ts, then derived once. Throws InvalidEnvironmentError listing every problem.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  return toAppConfig(parseEnv(source));
}
