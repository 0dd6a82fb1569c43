export * from './events.migrations.js';
export * from './outbox.js';
export * from './jetstream.js';
export * from './outbox-relay.js';
export * from './event-consumer.js';
export * from './rebuild.js';
export * from './events.module.js';
