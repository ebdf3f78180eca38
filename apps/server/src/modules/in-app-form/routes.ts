import { PUBLIC_FUNCTION_NAMES, type PublicFunctionName } from '@pasado/core';
import type { FastifyInstance } from 'fastify';
import { runCallable } from '../../platform/callables/envelope.ts';
import { createMailer, type Mailer } from '../../platform/mail/mailer.ts';
import { publicInAppFormFunctions } from './callables.ts';
import type { PublicServerFunction } from './context.ts';

/** Per client IP: a person submits once, maybe a few times; a visit is counted once per open. */
const RATE_LIMITS: Record<PublicFunctionName, { max: number; timeWindow: string }> = {
  submitInAppForm: { max: 5, timeWindow: '10 minutes' },
  incrementInAppFormVisit: { max: 60, timeWindow: '1 minute' },
};

/**
 * The in-app free-trial form's server functions (docs/product.md#server-functions), callable WITHOUT a session: the form is
 * for people who have no account yet. Registered inside the /api scope (so the Origin check
 * applies) but outside the authenticated scope; their static paths take precedence over the
 * session-bound POST /functions/:name. Same `{ data }` → `{ result }` envelope.
 */
export async function inAppFormRoutes(app: FastifyInstance, opts: { mailer?: Mailer } = {}) {
  const { config } = app;
  const { db } = app.database;
  const mailer = opts.mailer ?? createMailer(config);
  if (!opts.mailer) app.addHook('onClose', async () => mailer.close());

  for (const name of PUBLIC_FUNCTION_NAMES) {
    app.post(
      `/functions/${name}`,
      { config: { rateLimit: RATE_LIMITS[name] } },
      async (request) => {
        const run = publicInAppFormFunctions[name] as PublicServerFunction<typeof name>;
        return runCallable(name, request.body, (input) =>
          run(
            {
              db,
              now: request.server.clock.now(),
              log: request.log,
              mailer,
              appDownloadUrl: config.appDownloadUrl,
            },
            input as never,
          ),
        );
      },
    );
  }
}
