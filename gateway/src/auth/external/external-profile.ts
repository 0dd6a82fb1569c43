import type { ExternalProvider, ExternalSignInRequest } from '@inventory/contracts';

/** Standard OpenID Connect claims (ID token and UserInfo); Google's userinfo uses the same names. */
export interface ProfileClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  picture?: unknown;
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : undefined);

/** What identity gets from a provider: an email only when the provider verified it. */
export function toExternalProfile(provider: ExternalProvider, claims: ProfileClaims): ExternalSignInRequest {
  const picture = text(claims.picture, 1024);
  return {
    provider,
    subject: claims.sub,
    email: claims.email_verified === true ? text(claims.email, 254) : undefined,
    firstName: text(claims.given_name, 100),
    lastName: text(claims.family_name, 100),
    profileImageUrl: picture && /^https?:\/\//.test(picture) ? picture : undefined,
  };
}
