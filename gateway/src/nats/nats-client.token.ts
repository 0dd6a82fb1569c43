/** Injection token of the one NATS client the gateway sends every request through. */
export const NATS_CLIENT = Symbol('NATS_CLIENT');
