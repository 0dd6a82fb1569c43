import { jest } from '@jest/globals';
import type { ClientProxy } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { HealthSubjects, type Actor } from '@inventory/contracts';
import { NEVER, of, throwError, type Observable } from 'rxjs';
import { ServiceError } from '../errors/service-error.js';
import { rpc } from './rpc.js';

/** A client whose answer we choose; the real NATS path is covered by the gateway integration tests. */
const clientAnswering = (answer: Observable<unknown>) => ({ send: jest.fn(() => answer) }) as unknown as ClientProxy;

describe('rpc', () => {
  it('sends the payload in an envelope with the actor', async () => {
    const client = clientAnswering(of({ status: 'up' }));
    const actor: Actor = { userId: 'u1', role: 'user', workspaceId: 'u1', workspaceRole: 'owner', userName: 'U One' };
    await rpc(client, HealthSubjects.catalog, undefined, { actor });
    expect(client.send).toHaveBeenCalledWith('catalog.health.check', { actor, data: undefined });
  });

  it('maps a timeout to 504 with the service named', async () => {
    const error = await rpc(clientAnswering(NEVER), HealthSubjects.inventory, undefined, { timeoutMs: 20 }).catch((e) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.status).toBe(504);
    expect(error.message).toBe('The inventory service did not answer within 20 ms');
  });

  it('maps "no responders" to 503', async () => {
    const error = await rpc(clientAnswering(throwError(() => new EmptyResponseException('x'))), HealthSubjects.identity, undefined).catch(
      (e) => e,
    );
    expect(error.status).toBe(503);
    expect(error.message).toBe('The identity service is unavailable');
  });

  it("passes the service's own error through", async () => {
    const answer = throwError(() => ({ code: 'INSUFFICIENT_STOCK', message: 'Insufficient stock: 3 available' }));
    const error = await rpc(clientAnswering(answer), HealthSubjects.inventory, undefined).catch((e) => e);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409, message: 'Insufficient stock: 3 available' });
  });
});
