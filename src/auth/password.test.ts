import { describe, expect, it } from 'vitest';
import { DECOY_HASH, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from './password';

describe('password hashing', () => {
  it('stays within the 100,000 iterations the production runtime accepts', () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('demo1234');
    expect(stored.startsWith(`pbkdf2-sha256$${PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(await verifyPassword('demo1234', stored)).toBe(true);
    expect(await verifyPassword('demo12345', stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses stored hashes asking for more iterations than allowed', async () => {
    const stored = await hashPassword('x');
    const inflated = stored.replace(`$${PBKDF2_ITERATIONS}$`, '$200000$');
    expect(await verifyPassword('x', inflated)).toBe(false);
    expect(await verifyPassword('x', DECOY_HASH)).toBe(false);
  });
});
