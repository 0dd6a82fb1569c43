export * from './services.js';
export * from './errors.js';
export * from './envelope.js';
export * from './health.js';
export * from './subjects.js';
export * from './rpc-map.js';
export * from './events.js';
