import { describe, expect, it } from 'vitest';
import { isEmail, MAX_EMAIL } from './email';

describe('isEmail', () => {
  it('takes an address with a dotted domain', () => {
    expect(isEmail('olivia.martin@example.com')).toBe(true);
    expect(isEmail('o+orders@mail.example.co.uk')).toBe(true);
  });

  it('refuses what cannot be delivered to', () => {
    for (const bad of [
      'olivia',
      'olivia@',
      '@example.com',
      'olivia@example',
      'olivia@@example.com',
      'oli via@example.com',
      'olivia@example.',
      'x<victim@evil.com>',
      'a@b.com, c@d.com',
      '"Ann" ann@example.com',
    ]) {
      expect(isEmail(bad), bad).toBe(false);
    }
    expect(isEmail(`${'a'.repeat(MAX_EMAIL)}@example.com`)).toBe(false);
  });
});
