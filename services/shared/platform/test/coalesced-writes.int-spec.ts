import { connectEvents, natsConnectionOptions } from '@inventory/platform';
import { testServers } from '@inventory/platform/testing';
import { connect } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * A connection whose writes wait for the next turn of the event loop (coalesceWrites) must still
 * send them when it is closed in the same turn: a service's last reply before a stop, a consumer's
 * last acknowledgements. nats.js's close destroys the socket without writing its buffer.
 */
it('sends what it published just before it was closed', async () => {
  const subject = `platform-test.coalesce.${randomUUID()}`;
  const receiver = await connect(natsConnectionOptions(testServers.natsUrl()));
  try {
    const subscription = receiver.subscribe(subject, { max: 1 });
    await receiver.flush(); // the server knows the subscription before anything is published
    const received = (async () => {
      for await (const message of subscription) return message.string();
    })();
    const { nc: sender } = await connectEvents(testServers.natsUrl(), `coalesce-test-${randomUUID()}`);
    sender.publish(subject, 'the last reply');
    await sender.close();
    expect(await Promise.race([received, delay(3000).then(() => 'nothing within 3 s')])).toBe('the last reply');
  } finally {
    await receiver.close();
  }
});
