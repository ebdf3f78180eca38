import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, validated once at boot (STYLE.md habit 7).
 * Defaults make a fresh clone run with no set-up: PGlite under ./data and the development
 * identity provider. The README's configuration table mirrors this schema.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** The address users reach; used for OIDC redirects and the Origin check. */
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Signs the short-lived sign-in cookie. Required in production; generated per boot otherwise. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** A session unused for this long ends (ASVS 5.0 V7 idle timeout), within SESSION_TTL_DAYS. */
    SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** `off` turns every rate limit off, for benchmarks and load tests; refused in production. */
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    /**
     * Production runs on PostgreSQL (DATABASE_URL). Running it on the embedded PGlite (one process,
     * no fsync) must be chosen explicitly.
     */
    ALLOW_EMBEDDED_DATABASE: booleanFlag.default(false),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: booleanFlag.default(false),
    /** Where students are told to write for help (subscription pages, Verify Payment). */
    SUPPORT_EMAIL: z.email().default('support@pasado.ph'),
    /**
     * The mobile wallet students pay into by manual transfer (docs/product.md#overview, #constants: "a mobile-wallet payment
     * number … for manual payment"), shown on the purchase page. The defaults are placeholders for
     * development; production must name the real number and account holder.
     */
    PAYMENT_WALLET_NAME: z.string().trim().min(2).max(40).default('GCash'),
    PAYMENT_WALLET_NUMBER: z
      .string()
      .trim()
      .regex(
        /^\+?[0-9][0-9 -]{5,22}[0-9]$/,
        'must be a phone or account number (digits, spaces, -)',
      )
      .optional(),
    PAYMENT_WALLET_ACCOUNT_NAME: z.string().trim().min(2).max(80).optional(),
    /** Outgoing mail (docs/product.md#system); unset: messages go to ${DATA_DIR}/outbox instead. */
    SMTP_URL: z
      .url()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Pasado <no-reply@pasado.ph>'),
    /** The link to the app in the in-app free-trial email; defaults to ${PUBLIC_URL}/login. */
    APP_DOWNLOAD_URL: z.url().optional(),
    /** The built web app the server serves; set to serve another build (e.g. a test build). */
    WEB_DIST_DIR: z.string().min(1).optional(),
    /** How often the item-analysis job recomputes item statistics (issue 12 item 6); 0 turns it off. */
    ITEM_ANALYSIS_EVERY_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
    /**
     * Approve purchases a statement matches by reference and amount as soon as it lands (issue 26
     * item 2); off by default: staff approve them in one action.
     */
    AUTO_APPROVE_MATCHED: z.enum(['true', 'false']).default('false'),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together',
      });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.OIDC_ISSUER) {
        ctx.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER'],
          message: 'is required in production (the development identity provider is refused)',
        });
      }
      if (!env.SESSION_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['SESSION_SECRET'],
          message: 'is required in production',
        });
      }
      if (!env.PUBLIC_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'is required in production',
        });
      }
      if (!env.SMTP_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: 'is required in production (without it mail is only written to DATA_DIR/outbox)',
        });
      }
      if (env.RATE_LIMITS === 'off') {
        ctx.addIssue({
          code: 'custom',
          path: ['RATE_LIMITS'],
          message: 'cannot be off in production (it is for benchmarks and load tests)',
        });
      }
      if (!env.DATABASE_URL && !env.ALLOW_EMBEDDED_DATABASE) {
        ctx.addIssue({
          code: 'custom',
          path: ['DATABASE_URL'],
          message:
            'is required in production (set ALLOW_EMBEDDED_DATABASE=true to run on the embedded database on purpose)',
        });
      }
      // A placeholder wallet in production would send students' money nowhere.
      for (const name of ['PAYMENT_WALLET_NUMBER', 'PAYMENT_WALLET_ACCOUNT_NAME'] as const) {
        if (!env[name]) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
        }
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

/** Parses the environment or throws one error listing every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new InvalidEnvironmentError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}
