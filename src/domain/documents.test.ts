import { describe, expect, it } from 'vitest';
import { documentState, expiredDocuments, hasExpiredDocuments } from './documents';

describe('documentState', () => {
  const today = '2026-11-21';
  it('treats missing, unreadable and past dates as expired', () => {
    expect(documentState(null, today).state).toBe('expired');
    expect(documentState('soon', today).state).toBe('expired');
    expect(documentState('2026-11-20', today).state).toBe('expired');
  });

  it('keeps a document valid through its last day', () => {
    expect(documentState('2026-11-21', today)).toEqual({ state: 'expiring_soon', daysRemaining: 0 });
  });

  it('warns within 30 days and not after', () => {
    expect(documentState('2026-12-21', today)).toEqual({ state: 'expiring_soon', daysRemaining: 30 });
    expect(documentState('2026-12-22', today)).toEqual({ state: 'valid', daysRemaining: 31 });
  });

  it('blocks a courier when either document is expired', () => {
    expect(hasExpiredDocuments({ driversLicenseExpiry: '2027-01-01', insuranceExpiry: '2026-01-01' }, today)).toBe(true);
    expect(hasExpiredDocuments({ driversLicenseExpiry: '2027-01-01', insuranceExpiry: '2027-01-01' }, today)).toBe(false);
  });

  it('names the documents that expired, so the couriers list can say which', () => {
    expect(expiredDocuments({ driversLicenseExpiry: '2027-01-01', insuranceExpiry: '2026-11-20' }, today)).toEqual(['insurance']);
    expect(expiredDocuments({ driversLicenseExpiry: null, insuranceExpiry: '2026-01-01' }, today)).toEqual(['driversLicense', 'insurance']);
    expect(expiredDocuments({ driversLicenseExpiry: '2026-11-21', insuranceExpiry: '2026-11-21' }, today)).toEqual([]);
  });
});
