import { toExternalProfile } from './external-profile.js';

describe('toExternalProfile', () => {
  it('keeps the email only when the provider says it is verified', () => {
    expect(toExternalProfile('oidc', { sub: 's1', email: 'a@b.c', email_verified: true }).email).toBe('a@b.c');
    expect(toExternalProfile('oidc', { sub: 's1', email: 'a@b.c', email_verified: false }).email).toBeUndefined();
    expect(toExternalProfile('oidc', { sub: 's1', email: 'a@b.c' }).email).toBeUndefined();
  });

  it('takes names and an http(s) picture, dropping anything else', () => {
    expect(toExternalProfile('google', { sub: 's2', given_name: ' Ada ', family_name: 'L', picture: 'javascript:alert(1)' })).toEqual({
      provider: 'google',
      subject: 's2',
      email: undefined,
      firstName: 'Ada',
      lastName: 'L',
      profileImageUrl: undefined,
    });
  });
});
