import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import { toExternalProfile } from './external-profile.js';

/** Google sign-in: authorization code flow with `state` and PKCE kept in the session. */
export function createGoogleStrategy(credentials: { clientId: string; clientSecret: string }): GoogleStrategy {
  return new GoogleStrategy(
    {
      clientID: credentials.clientId,
      clientSecret: credentials.clientSecret,
      // Overridden per request with the absolute URL (see ExternalAuthService).
      callbackURL: '/api/auth/google/callback',
      scope: ['openid', 'email', 'profile'],
      state: true,
      pkce: true,
    },
    (_accessToken: string, _refreshToken: string, profile: Profile, done: (error: null, user: object) => void) =>
      done(null, toExternalProfile('google', { ...profile._json, sub: profile.id })),
  );
}
