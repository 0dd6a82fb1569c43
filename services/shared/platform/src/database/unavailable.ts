/**
 * Whether an error means the database could not be reached, rather than that the request was wrong:
 * a refused or broken connection, or a server shutting down, restarting or out of connections. Such
 * a request is answered 503 with DATABASE_UNAVAILABLE, never 500 (docs/operations.md, "Drills").
 * MikroORM's exceptions copy the driver error's fields, so one look at `code` covers both.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (current) => {
    const { code, message, name } = current as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.some((state) => code.startsWith(state)))) return true;
    if (name === 'KnexTimeoutError') return true;
    return typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text));
  });
}

/** Whether the error or one of its causes (five deep: drivers and ORMs wrap what they throw) passes the test. */
export function someCause(error: unknown, test: (cause: object) => boolean): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current === 'object' && test(current)) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable for a moment. Try again in a few seconds.';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs: 08 connection exception; 57P01-57P03 admin or crash shutdown, cannot connect now
 * (starting up or shutting down); 53300 too many connections.
 */
const SERVER_STATES = ['08', '57P01', '57P02', '57P03', '53300'];
/**
 * node-postgres says the first three without a code, knex the fourth for the next statement of a
 * transaction whose connection was lost, PostgreSQL the last for a database closed to connections
 * (ALLOW_CONNECTIONS false, as during maintenance) under the generic SQLSTATE 55000.
 */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Transaction query already complete',
  'is not currently accepting connections',
];
