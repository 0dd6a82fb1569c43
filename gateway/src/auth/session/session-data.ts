import type { Role } from '@inventory/contracts';

declare module 'express-session' {
  /** What a signed-in session holds (column `sess`); userId is indexed for "end every session of a user". */
  interface SessionData {
    userId: string;
    role: Role;
    /** Epoch ms of sign-in: the absolute timeout counts from here. */
    signedInAt: number;
    /** Epoch ms of the last request written back: the idle timeout counts from here. */
    lastSeenAt: number;
  }
}
