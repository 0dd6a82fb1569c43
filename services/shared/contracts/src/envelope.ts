export type Role = 'user' | 'admin' | 'super_admin';
export const ROLES: readonly Role[] = ['user', 'admin', 'super_admin'];

/** Who is asking. Set by the gateway from the session, never from a request body. */
export interface Actor {
  userId: string;
  role: Role;
}

/** Every NATS request carries this envelope. */
export interface Envelope<T> {
  actor?: Actor;
  data: T;
  meta?: {
    correlationId?: string;
    /** Client-supplied Idempotency-Key of a write, when given. */
    idempotencyKey?: string;
  };
}
