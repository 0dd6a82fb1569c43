import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error plain ESM script without type declarations
import { composeConfig, eventsUser, natsUrlFor, principals, SERVICES } from './auth.mjs';
import { eventsNatsUrl } from '@inventory/platform';

const root = join(import.meta.dirname, '..', '..');

describe('NATS users and permissions', () => {
  it("compose's nats.conf is the one generated from these rules", () => {
    expect(readFileSync(join(root, 'infra/docker/nats.conf'), 'utf8')).toBe(composeConfig());
  });

  it('gives compose every password the config reads, and each part its own user', () => {
    const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    for (const user of new Set((principals() as { credential: string }[]).map((p) => p.credential))) {
      // Quoted for nats-server, which would read an unquoted value such as 7e3a… as a number.
      expect(compose).toContain(`NATS_${user.toUpperCase()}_PASSWORD: '"\${NATS_${user.toUpperCase()}_PASSWORD:?`);
      expect(compose).toMatch(new RegExp(`nats://${user}:\\$\\{NATS_${user.toUpperCase()}_PASSWORD\\}@nats:4222`));
    }
  });

  it('lets only the gateway publish to the services’ request subjects', () => {
    const requestSubjects = (SERVICES as string[]).map((service) => `${service}.>`);
    for (const { user, permissions } of principals() as { user: string; permissions: { publish: { allow?: string[] } } }[]) {
      const sends = (permissions.publish.allow ?? []).filter((subject) => requestSubjects.includes(subject));
      expect([user, sends.length > 0]).toEqual([user, user === 'gateway']);
    }
  });

  it("has a JetStream user per service, without allow_responses, that the services' event connections sign in as", () => {
    const users = new Map((principals() as { user: string; credential: string; permissions: object }[]).map((p) => [p.user, p]));
    for (const service of SERVICES as string[]) {
      const events = users.get(eventsUser(service));
      expect(events).toMatchObject({ credential: service });
      expect(events!.permissions).not.toHaveProperty('allow_responses');
      expect(users.get(service)!.permissions).toHaveProperty('allow_responses', true);
      expect(eventsNatsUrl(`nats://${service}:pw@nats-1:4222,nats://nats-2:4222`, service)).toBe(
        `nats://${eventsUser(service)}:pw@nats-1:4222,nats://nats-2:4222`,
      );
    }
    expect(eventsNatsUrl('nats://tools:pw@127.0.0.1:4222', 'catalog')).toBe('nats://tools:pw@127.0.0.1:4222');
  });

  it('puts a user into every server of a NATS_URL', () => {
    expect(natsUrlFor('nats://127.0.0.1:4222,nats://127.0.0.1:4223', 'catalog', { catalog: 'pw/1' })).toBe(
      'nats://catalog:pw%2F1@127.0.0.1:4222,nats://catalog:pw%2F1@127.0.0.1:4223',
    );
  });
});
