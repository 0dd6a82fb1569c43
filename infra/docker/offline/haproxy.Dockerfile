# HAProxy from Debian (2.6 in bookworm), standing in for haproxy:2.8 in an offline build of
# docker-compose.cluster.yml: the configuration is read from the same path as in the official image.
ARG BASE_IMAGE=inventory-suite/debian:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /usr/local/etc/haproxy
USER haproxy
EXPOSE 3000
CMD ["haproxy", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
