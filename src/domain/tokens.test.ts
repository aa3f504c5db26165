import { describe, expect, it } from 'vitest';
import { constantTimeEqual, randomToken } from './tokens';

describe('constantTimeEqual', () => {
  it('is true only for the same text', () => {
    const mac = randomToken(16);
    expect(constantTimeEqual(mac, mac)).toBe(true);
    expect(constantTimeEqual(mac, `${mac.slice(0, -1)}${mac.at(-1) === 'A' ? 'B' : 'A'}`)).toBe(false);
    expect(constantTimeEqual(mac, mac.slice(1))).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('a', '')).toBe(false);
  });
});
