// The local base images of the offline mode (made by build.mjs, used by docker-compose.offline.yml).
export const BASE_IMAGES = {
  debian: 'inventory-suite/debian:bookworm',
  node: 'inventory-suite/node:24',
  postgres: 'inventory-suite/postgres:15',
  redis: 'inventory-suite/redis:7',
  nats: 'inventory-suite/nats:2.9',
  s3: 'inventory-suite/s3:3',
  haproxy: 'inventory-suite/haproxy:2.6',
};
