// The configuration of a server the scripts start in a child process (the Lighthouse audit, the
// benchmarks): on a free local port, in test mode, with every rate limit off (the load comes from
// one address).
import { loadConfig } from '../apps/server/src/platform/config/app-config.ts';
import { freePort } from '../apps/server/test/helpers/test-app.ts';

export async function localServerConfig(env: Record<string, string> = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: url,
    RATE_LIMITS: 'off',
    ...env,
  });
  return { port, url, config };
}
