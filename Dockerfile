# The forum's production image. One image serves both set-ups: alone on SQLite (a volume on
# /app/data), or as one of several instances on PostgreSQL (DATABASE_URL; docker-compose.yml).
#
# Build stage: install the workspace, build, then assemble /runtime with only what runs: the
# server bundle (esbuild; everything but native modules), the web build, and a production
# install of the bundle's externals (apps/server/externals.mjs).
#
# Node 24, the active LTS (maintained to April 2028); Node 20 reached its end of life on
# 2026-04-30. The code still runs on Node 20 (the development machines' Node, and the floor in
# package.json "engines"); better-sqlite3 12.x supports both and is compiled here against this
# image's own headers (npm_config_nodedir), so the build and runtime stages must share a Node
# major: change both FROM lines together.
FROM node:24-bookworm AS build
WORKDIR /src
# turbo finds pnpm on PATH: the pinned pnpm is a dev dependency of the root package.
ENV PATH=/src/node_modules/.bin:$PATH \
    TURBO_TELEMETRY_DISABLED=1 \
    DO_NOT_TRACK=1 \
    npm_config_nodedir=/usr/local
COPY . .
RUN node scripts/pnpm.mjs install --frozen-lockfile \
 && turbo run build --filter=@forum/server --filter=@forum/web --output-logs=errors-only \
 && node apps/server/assemble-runtime.mjs /runtime

# Runtime stage: Node and /runtime, run as the image's unprivileged `node` user.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/app/data/forum.db
# SERVER_ENV of apps/server/processSettings.mjs (check-runtime.mjs checks that they agree).
ENV MALLOC_ARENA_MAX=2
COPY --from=build /runtime /app
# The code stays root's (read-only to the server); only the data folder is the server's.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
# Slim images have no curl: Node's own fetch asks GET /api/health (503 when the database is away).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SERVER_NODE_FLAGS of apps/server/processSettings.mjs (check-runtime.mjs checks that they agree).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "--no-allocation-site-pretenuring", "apps/server/dist/main.cjs"]
