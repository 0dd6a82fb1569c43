# nats-server from Debian (2.9 in bookworm), standing in for nats:2.10-alpine in an offline build:
# the same entry point (arguments go to nats-server) and wget for the compose health check.
ARG BASE_IMAGE=inventory-suite/debian:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nats-server wget \
 && rm -rf /var/lib/apt/lists/* \
 && (id nats >/dev/null 2>&1 || useradd --system --home-dir /data nats) \
 && mkdir -p /data && chown nats:nats /data
VOLUME /data
USER nats
EXPOSE 4222 8222
ENTRYPOINT ["nats-server"]
CMD ["-js", "-sd", "/data", "-m", "8222"]
