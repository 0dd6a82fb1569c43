import { isAllowedPushEndpoint } from './push-endpoints.js';

const HOSTS = ['fcm.googleapis.com', '*.push.services.mozilla.com', '127.0.0.1'];

describe('push endpoints', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://127.0.0.1:4443/push/1',
  ])('allows %s', (endpoint) => expect(isAllowedPushEndpoint(endpoint, HOSTS)).toBe(true));

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com/x',
    'https://push.services.mozilla.com/x',
    'https://user:pw@fcm.googleapis.com/x',
    'https://169.254.169.254/latest/meta-data',
    'not a url',
  ])('refuses %s', (endpoint) => expect(isAllowedPushEndpoint(endpoint, HOSTS)).toBe(false));
});
