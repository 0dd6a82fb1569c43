# One image recipe for every back-end service:
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=inventory .
# SERVICE = identity | inventory | catalog | locations | reporting. Build context: the repo root.

# The Node image the build stages start from; the offline mode (docker-compose.offline.yml) passes the
# local inventory-suite/node:24 made by `npm run docker:base`.
ARG NODE_IMAGE=node:24-slim
# The runtime stage: Debian slim plus the node binary from NODE_IMAGE, without npm, yarn or apt
# lists (node:24-slim with the dependencies would be over 250 MB). Offline: inventory-suite/debian.
ARG RUNTIME_IMAGE=debian:bookworm-slim

# ---- build: full workspace install, compile contracts + platform + the one service ----------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the install layer is reused until a package.json or the lock changes. The
# lines up to the install are identical in gateway.Dockerfile: all six images share that layer.
COPY package.json package-lock.json ./
COPY services/shared/contracts/package.json services/shared/contracts/
COPY services/shared/platform/package.json services/shared/platform/
COPY services/identity/package.json services/identity/
COPY services/inventory/package.json services/inventory/
COPY services/catalog/package.json services/catalog/
COPY services/locations/package.json services/locations/
COPY services/reporting/package.json services/reporting/
COPY gateway/package.json gateway/
COPY web/package.json web/
# `npm install`, not `npm ci`: our registry mirror lacks some other-platform optional binaries
# named in the lock, which `npm ci` treats as fatal. `npm install` still honours the lock.
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund
# Declared after the install: a build arg used later would otherwise split that cache per service.
ARG SERVICE
RUN case "$SERVICE" in identity|inventory|catalog|locations|reporting) ;; \
      *) echo "build arg SERVICE must be identity|inventory|catalog|locations|reporting, got '$SERVICE'" >&2; exit 1 ;; esac
COPY tsconfig.base.json ./
COPY services/shared services/shared
COPY services/${SERVICE} services/${SERVICE}
# Explicit order (contracts -> platform -> service) instead of Nx: no daemon or cache in the image.
RUN npm run build -w services/shared/contracts \
 && npm run build -w services/shared/platform \
 && npm run build -w services/${SERVICE}

# ---- prod-deps: only the runtime dependencies of the three workspaces the service needs -------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
# Every workspace manifest is needed for npm to read the lock; only the filtered ones get installed.
COPY package.json package-lock.json ./
COPY services/shared/contracts/package.json services/shared/contracts/
COPY services/shared/platform/package.json services/shared/platform/
COPY services/identity/package.json services/identity/
COPY services/inventory/package.json services/inventory/
COPY services/catalog/package.json services/catalog/
COPY services/locations/package.json services/locations/
COPY services/reporting/package.json services/reporting/
COPY gateway/package.json gateway/
COPY web/package.json web/
ARG SERVICE
# -w leaves out the root's own dependencies (s3rver, the test tooling) and the other workspaces.
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund \
      -w services/shared/contracts -w services/shared/platform -w services/${SERVICE}
# Nothing at run time reads the dependencies' type declarations, TypeScript sources, source maps,
# docs, tests or examples: about a third of node_modules. exceljs/dist holds browser and ES5
# bundles (Node loads exceljs/lib). canvg, core-js, dompurify and html2canvas are jspdf's optional
# helpers for SVG and html(), loaded only when called; the label PDFs use neither (~20 MB).
RUN find . -path '*/node_modules/*' -type f \
      \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' -o -name '*.md' -o -name '*.markdown' \) -delete \
 && find . -path '*/node_modules/*' -type d \
      \( -name test -o -name tests -o -name __tests__ -o -name .github -o -name example -o -name examples -o -name benchmark \) -prune -exec rm -rf {} + \
 && rm -rf node_modules/@types node_modules/exceljs/dist \
      node_modules/canvg node_modules/core-js node_modules/dompurify node_modules/html2canvas

# ---- runtime ------------------------------------------------------------------------------------
FROM ${RUNTIME_IMAGE} AS runtime
COPY --from=build /usr/local/bin/node /usr/local/bin/node
# The same unprivileged user as in the node images (uid/gid 1000).
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /usr/sbin/nologin --create-home node
ARG SERVICE
# Source maps ship in dist/, so stack traces point at the TypeScript lines.
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps
LABEL org.opencontainers.image.title="inventory-${SERVICE}"
WORKDIR /app
# node_modules (hoisted and per-workspace) plus the manifests the @inventory/* links resolve through.
COPY --from=prod-deps /app ./
COPY --from=build /app/services/shared/contracts/dist services/shared/contracts/dist
COPY --from=build /app/services/shared/platform/dist services/shared/platform/dist
COPY --from=build /app/services/${SERVICE}/dist services/${SERVICE}/dist
WORKDIR /app/services/${SERVICE}
# Files stay root-owned: the unprivileged process can read its code but not change it.
USER node
# A service only talks NATS (a `<service>.health.check` request would reach any member of the queue
# group, not this container): the process touches LIVENESS_FILE every 5 s while it runs, and the
# check is that the file changed in the last 20 s. GET /api/health on the gateway shows every part.
# The inventory worker uses this image with `node dist/main.worker.js` (see docker-compose.yml).
ENV LIVENESS_FILE=/tmp/alive
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "process.exit(Date.now() - require('fs').statSync(process.env.LIVENESS_FILE).mtimeMs < 20000 ? 0 : 1)"]
CMD ["node", "dist/main.js"]
