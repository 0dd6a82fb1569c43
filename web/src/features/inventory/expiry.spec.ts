import { describe, expect, it } from '@jest/globals';
import { daysUntil, expiryLabel, expiryTone, utcToday } from './expiry';

describe('expiry on screen', () => {
  it('counts whole UTC days, whatever the hour', () => {
    expect(utcToday(new Date('2027-01-31T23:59:00Z'))).toBe('2027-01-31');
    expect(daysUntil('2027-02-03', '2027-01-31')).toBe(3);
    expect(daysUntil('2027-01-29', '2027-01-31')).toBe(-2);
    expect(daysUntil('2027-03-28', '2027-03-27')).toBe(1);
  });

  it('says when, and colours by the warning days', () => {
    expect([3, 1, 0, -1, -5].map(expiryLabel)).toEqual([
      'Expires in 3 days',
      'Expires tomorrow',
      'Expires today',
      'Expired yesterday',
      'Expired 5 days ago',
    ]);
    expect([expiryTone(-1), expiryTone(0), expiryTone(7), expiryTone(8), expiryTone(8, 14)]).toEqual([
      'expired',
      'soon',
      'soon',
      'later',
      'soon',
    ]);
  });
});
