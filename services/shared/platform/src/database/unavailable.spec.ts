import { ConnectionException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['an administrator shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server shutting down (57P03)', withCode('57P03', 'the database system is shutting down')],
    ['too many connections (53300)', withCode('53300')],
    ['a connection exception (08006)', withCode('08006')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['a client after a connection error', new Error('Client has encountered a connection error and is not queryable')],
    [
      'the next statement of a transaction whose connection was lost',
      new Error('Transaction query already complete, run with DEBUG=knex:tx'),
    ],
    ['a database closed to connections', withCode('55000', 'database "catalog" is not currently accepting connections')],
    ["MikroORM's wrapper of a refused connection", new ConnectionException(withCode('ECONNREFUSED', 'connect ECONNREFUSED'))],
    ['a cause further down', new Error('query failed', { cause: withCode('57P01') })],
  ])('is true for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', new UniqueConstraintViolationException(withCode('23505', 'duplicate key'))],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('Cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
