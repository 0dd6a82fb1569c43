import { unsubscribeToken, userOfUnsubscribeToken } from './unsubscribe-token.js';

const SECRET = 'a'.repeat(32);

describe('unsubscribe tokens', () => {
  it('name the user they were made for', () => {
    expect(userOfUnsubscribeToken(unsubscribeToken('user-1', SECRET), SECRET)).toBe('user-1');
  });

  it('are refused when forged, altered or made with another secret', () => {
    const token = unsubscribeToken('user-1', SECRET);
    const [, signature] = token.split('.');
    expect(userOfUnsubscribeToken(`${Buffer.from('user-2').toString('base64url')}.${signature}`, SECRET)).toBeNull();
    expect(userOfUnsubscribeToken(`${token}x`, SECRET)).toBeNull();
    expect(userOfUnsubscribeToken(unsubscribeToken('user-1', 'b'.repeat(32)), SECRET)).toBeNull();
    expect(userOfUnsubscribeToken('garbage', SECRET)).toBeNull();
    expect(userOfUnsubscribeToken('a.b.c', SECRET)).toBeNull();
  });
});
