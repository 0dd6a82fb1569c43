import { describe, expect, it } from '@jest/globals';
import { curlExample, defaultTokenRole, expiryDate, hasExpired, maskedToken, tokenRoles } from './api-tokens';

describe('API token choices on screen', () => {
  it('offers roles up to the user’s own in the workspace', () => {
    expect(tokenRoles('owner')).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(tokenRoles('admin')).toEqual(['admin', 'member', 'viewer']);
    expect(tokenRoles('member')).toEqual(['member', 'viewer']);
    expect(tokenRoles('viewer')).toEqual(['viewer']);
  });

  it('starts a token as a member where allowed, else as a viewer', () => {
    expect(defaultTokenRole('owner')).toBe('member');
    expect(defaultTokenRole('admin')).toBe('member');
    expect(defaultTokenRole('member')).toBe('member');
    expect(defaultTokenRole('viewer')).toBe('viewer');
  });

  it('computes the expiry from now', () => {
    const now = new Date('2025-01-31T12:00:00.000Z');
    expect(expiryDate('30d', now)?.toISOString()).toBe('2025-03-02T12:00:00.000Z');
    expect(expiryDate('90d', now)?.toISOString()).toBe('2025-05-01T12:00:00.000Z');
    expect(expiryDate('1y', now)?.getFullYear()).toBe(now.getFullYear() + 1);
    expect(expiryDate('never', now)).toBeNull();
  });

  it('tells an expired token', () => {
    const now = new Date('2025-01-31T12:00:00.000Z');
    expect(hasExpired(null, now)).toBe(false);
    expect(hasExpired('2025-01-31T11:59:59.000Z', now)).toBe(true);
    expect(hasExpired('2025-02-01T00:00:00.000Z', now)).toBe(false);
  });

  it('shows a token by its prefix and in a curl command', () => {
    expect(maskedToken('inv_ab12')).toBe('inv_ab12…');
    expect(curlExample('inv_secret', 'https://stock.example.com')).toBe(
      'curl -H "Authorization: Bearer inv_secret" https://stock.example.com/api/inventory',
    );
  });
});
