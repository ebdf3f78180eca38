# syntax=docker/dockerfile:1
#
# Pasado's production image: one Node process that serves the web app, the API and the live stream
# on port 8080 (docs/operations.md). Build: `docker build -t pasado .`
#
# apps/server/test/platform/production-image.test.ts reads this file and rebuilds the runtime
# stage's file tree without Docker (its COPY lines, its ENV, its `npm ci`, its CMD and its
# HEALTHCHECK), then starts it on PostgreSQL: keep every instruction of that stage in the plain
# forms the test reads (COPY [--from=build] <src>… <dest>, ENV KEY=value, JSON CMD).

# ---- build: every dependency, then the web app (Vite) and the server (esbuild) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies, the two builds, and what the server reads at run time ----
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
# Stack traces in the logs point at the TypeScript sources (dist/ ships its source maps), as with
# `npm run serve`.
ENV NODE_OPTIONS=--enable-source-maps
WORKDIR /app
# npm needs every workspace's manifest to install the lockfile; @pasado/core's code is bundled
# into apps/server/dist, its dependencies (zod, ts-fsrs) are installed here.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# --omit=optional: the optional dependencies of the production tree are platform packages this
# image does not use (pg-cloudflare; the Node.js binaries the root package.json may list for npm
# scripts on developers' machines): the image's own node runs the server.
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force
# The server's code (main.js, cli/admin.js, cli/content-import.js and their chunks). It finds its
# folder by the "@pasado/server" package.json above it (src/platform/paths.ts), and from there:
COPY --from=build /app/apps/server/dist apps/server/dist
# the built web app (index.html, assets with their .br/.gz, .vite/route-preloads.json, sw.js),
COPY --from=build /app/apps/web/dist apps/web/dist
# the SQL migrations with drizzle's journal (meta/_journal.json), applied at every start,
COPY apps/server/drizzle apps/server/drizzle
# and the question banks, imported at start when their hash changed.
COPY content/bank content/bank
# DATA_DIR (./data): the mail outbox when SMTP_URL is unset; PGlite only with
# ALLOW_EMBEDDED_DATABASE=true. Everything else is read-only for the server's user.
RUN mkdir -p /app/data && chown node:node /app/data
# The image's `node` user, by number so that a platform can verify it is not root.
USER 1000:1000
EXPOSE 8080
# Readiness: 200 once migrations and the banks are in and the database answers; 503 while the
# database is unreachable or the process is closing.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
