import { natsEndpoint } from './nats-options.js';

describe('NATS_URL', () => {
  it('takes the credentials out of the URL and gives the user an inbox prefix of its own', () => {
    expect(natsEndpoint('nats://catalog:p%2Fw@127.0.0.1:4222')).toEqual({
      servers: ['nats://127.0.0.1:4222'],
      user: 'catalog',
      pass: 'p/w',
      inboxPrefix: '_INBOX_catalog',
    });
  });

  it('keeps a URL without credentials and every server of a list', () => {
    expect(natsEndpoint('nats://a:4222, nats://b:4222')).toEqual({ servers: ['nats://a:4222', 'nats://b:4222'] });
  });
});
