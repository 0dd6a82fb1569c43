import type { ServiceName } from './services.js';

/**
 * NATS subjects, "<service>.<resource>.<verb>". The only place a subject string is written:
 * services use them in @MessagePattern, the gateway in rpc().
 */
export const healthSubject = <S extends ServiceName>(service: S) => `${service}.health.check` as const;

export const HealthSubjects = {
  identity: healthSubject('identity'),
  inventory: healthSubject('inventory'),
  catalog: healthSubject('catalog'),
  locations: healthSubject('locations'),
  reporting: healthSubject('reporting'),
} as const satisfies Record<ServiceName, string>;

/**
 * Between gateway instances (core NATS): some sessions changed or ended, so every instance drops its
 * cached copies. The body names sessions by a digest of their id, never by the id itself.
 */
export const GatewayNotificationSubjects = {
  sessionsChanged: 'gateway.sessions.changed',
} as const;
