import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
// @ts-expect-error plain ESM script without type declarations
import { COPIES, GENERATED, NATS_NODES } from './cluster-compose.mjs';

const root = join(import.meta.dirname, '..', '..');
type Service = { environment?: Record<string, unknown>; ports?: string[]; command?: string[]; depends_on?: Record<string, unknown> };
const cluster = parse(readFileSync(join(root, 'docker-compose.cluster.yml'), 'utf8')) as { services: Record<string, Service> };
const single = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const appParts = Object.keys(single.services).filter((name) => !['postgres', 'redis', 'nats', 'minio', 'minio-init'].includes(name));

describe('the cluster on Docker (docker-compose.cluster.yml)', () => {
  it.each(Object.keys(GENERATED))('%s is the one generated from docker-compose.yml and the HAProxy rules', (file) => {
    expect(readFileSync(join(root, file), 'utf8')).toBe((GENERATED as Record<string, () => string>)[file]());
  });

  it('runs three NATS nodes routed to each other, and two of every app part', () => {
    for (const node of NATS_NODES as string[]) {
      expect(cluster.services[node].command).toEqual(expect.arrayContaining(['--name', node, '--routes']));
    }
    expect(cluster.services.nats).toBeUndefined();
    for (const part of appParts) {
      expect(Array.from({ length: COPIES }, (_, i) => cluster.services[`${part}-${i + 1}`] !== undefined)).toEqual([true, true]);
      expect(cluster.services[part]).toBeUndefined();
    }
  });

  it('points every part on the bus at the three nodes and keeps the events stream on all three', () => {
    for (const [name, service] of Object.entries(cluster.services)) {
      const url = service.environment?.NATS_URL as string | undefined;
      if (!url) continue;
      expect([name, url.split(',').length, service.environment?.EVENTS_STREAM_REPLICAS]).toEqual([name, 3, 3]);
    }
  });

  it('publishes only HAProxy, on the port the single gateway had', () => {
    const published = Object.entries(cluster.services)
      .filter(([, s]) => s.ports?.length)
      .map(([name]) => name);
    expect(published).toEqual(['haproxy']);
    expect(cluster.services.haproxy.ports).toEqual(single.services.gateway.ports);
  });
});
