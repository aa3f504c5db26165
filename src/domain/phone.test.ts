import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhoneInput } from './phone';

describe('phone', () => {
  it('keeps digits only, cut to 10', () => {
    expect(normalizePhoneInput('(813) 555-0142 ext 9')).toBe('8135550142');
  });
  it('requires exactly 10 digits', () => {
    expect(isValidPhone('8135550142')).toBe(true);
    expect(isValidPhone('813555014')).toBe(false);
    expect(isValidPhone(null)).toBe(false);
  });
  it('formats 10 digits for reading', () => {
    expect(formatPhone('8135550142')).toBe('(813) 555-0142');
    expect(formatPhone('+1 813')).toBe('+1 813');
  });
});
