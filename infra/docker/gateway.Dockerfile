# The gateway image: the NestJS HTTP gateway plus the built web app it serves.
#   docker build -f infra/docker/gateway.Dockerfile .      (build context: the repo root)

# The Node image the build stages start from; the offline mode (docker-compose.offline.yml) passes the
# local inventory-suite/node:24 made by `npm run docker:base`.
ARG NODE_IMAGE=node:24-slim
# The runtime stage: Debian slim plus the node binary from NODE_IMAGE, without npm, yarn or apt
# lists (node:24-slim with the dependencies would be over 250 MB). Offline: inventory-suite/debian.
ARG RUNTIME_IMAGE=debian:bookworm-slim

# ---- build: full workspace install, compile contracts + platform + gateway, bundle web --------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the install layer is reused until a package.json or the lock changes. The
# lines up to the install are identical in service.Dockerfile: all six images share that layer.
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
COPY tsconfig.base.json ./
COPY services/shared services/shared
COPY gateway gateway
COPY web web
# Explicit order (contracts -> platform -> gateway, web) instead of Nx: no daemon or cache here.
RUN npm run build -w services/shared/contracts \
 && npm run build -w services/shared/platform \
 && npm run build -w gateway \
 && npm run build -w web

# ---- prod-deps: runtime dependencies of the gateway and the shared packages only ---------------
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
# The web app is static files after the build, so none of its packages (react, antd, vite) ship.
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund \
      -w services/shared/contracts -w services/shared/platform -w gateway
# Nothing at run time reads the dependencies' type declarations, TypeScript sources, source maps,
# docs, tests or examples: about a third of node_modules. TypeScript (20 MB) is only an optional
# peer of @nestjs/swagger, for its compile-time plugin; exceljs/dist holds browser and ES5 bundles
# (Node loads exceljs/lib); /api/docs serves swagger-ui-bundle.js, never the ES-module bundles.
RUN find . -path '*/node_modules/*' -type f \
      \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' -o -name '*.md' -o -name '*.markdown' \) -delete \
 && find . -path '*/node_modules/*' -type d \
      \( -name test -o -name tests -o -name __tests__ -o -name .github -o -name example -o -name examples -o -name benchmark \) -prune -exec rm -rf {} + \
 && rm -rf node_modules/@types node_modules/typescript node_modules/exceljs/dist \
      node_modules/swagger-ui-dist/swagger-ui-es-bundle*.js

# ---- runtime ------------------------------------------------------------------------------------
FROM ${RUNTIME_IMAGE} AS runtime
COPY --from=build /usr/local/bin/node /usr/local/bin/node
# The same unprivileged user as in the node images (uid/gid 1000).
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /usr/sbin/nologin --create-home node
# Source maps ship in dist/, so stack traces point at the TypeScript lines.
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    PORT=3000 \
    WEB_DIST_DIR=/app/public
LABEL org.opencontainers.image.title="inventory-gateway"
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/services/shared/contracts/dist services/shared/contracts/dist
COPY --from=build /app/services/shared/platform/dist services/shared/platform/dist
COPY --from=build /app/gateway/dist gateway/dist
# The demo items' pictures, uploaded by each demo reset (docs/demo.md).
COPY --from=build /app/gateway/assets gateway/assets
COPY --from=build /app/web/dist public
WORKDIR /app/gateway
# Files stay root-owned: the unprivileged process can read its code but not change it.
USER node
EXPOSE 3000
# Liveness only (GET /api/health/live, docs/operations.md): the process serves requests. A load
# balancer asks /api/health/ready instead; /api/health judges the whole system.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/live', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
