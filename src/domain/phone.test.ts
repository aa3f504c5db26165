import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhoneInput, phoneDigits } from './phone';

describe('phone', () => {
  it('keeps digits only, cut to 10', () => {
    expect(normalizePhoneInput('(813) 555-0142 ext 9')).toBe('8135550142');
  });
  it('requires exactly 10 digits', () => {
    expect(isValidPhone('8135550142')).toBe(true);
    expect(isValidPhone('813555014')).toBe(false);
    expect(isValidPhone(null)).toBe(false);
  });
  it('requires a number a text can reach: no area code or exchange starting with 0 or 1', () => {
    expect(isValidPhone('1235550142')).toBe(false);
    expect(isValidPhone('8130550142')).toBe(false);
    expect(isValidPhone('8131550142')).toBe(false);
  });
  it('formats 10 digits for reading', () => {
    expect(formatPhone('8135550142')).toBe('(813) 555-0142');
    expect(formatPhone('+1 813')).toBe('+1 813');
  });
});

describe('pasted phone numbers', () => {
  it('keeps the 10 digits of what people paste, without the country code', () => {
    expect(normalizePhoneInput('(813) 555-9876')).toBe('8135559876');
    expect(normalizePhoneInput('+1 813 555 9876')).toBe('8135559876');
    expect(normalizePhoneInput('1-813-555-9876')).toBe('8135559876');
    expect(normalizePhoneInput('+1 (813) 555-9876')).toBe('8135559876');
  });
  it('builds up as the number is typed, country code first or not', () => {
    expect(normalizePhoneInput('+1 81')).toBe('181');
    expect(normalizePhoneInput('1813555987')).toBe('1813555987');
    expect(normalizePhoneInput('18135559876')).toBe('8135559876');
    expect(normalizePhoneInput('813555987')).toBe('813555987');
  });
});

describe('the server’s phone rule', () => {
  it('reads every usual spelling of a US number as its 10 digits', () => {
    for (const spelling of [
      '8135559876',
      '(813) 555-9876',
      '813-555-9876',
      '813.555.9876',
      '+18135559876',
      '+1 813 555 9876',
      '1-813-555-9876',
      ' 813 555 9876 ',
    ]) {
      expect(phoneDigits(spelling), spelling).toBe('8135559876');
    }
  });
  it('refuses text, short numbers, extensions, other countries and numbers no text can reach', () => {
    for (const spelling of [
      'call me',
      '813555987',
      '81355598761',
      '(813) 555-9876 x1',
      '+44 20 7946 0958',
      '+8135559876',
      '1235559876',
      '',
      '813 555 9876 ext',
    ]) {
      expect(phoneDigits(spelling), spelling).toBeNull();
    }
  });
});
