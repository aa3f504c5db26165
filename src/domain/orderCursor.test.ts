import { describe, expect, it } from 'vitest';
import { decodeOrderCursor, encodeOrderCursor } from './orderCursor';

describe('order cursors', () => {
  it('round-trip and look opaque', () => {
    const cursor = { deliveryTime: 1_900_000_000_123, id: 42 };
    const text = encodeOrderCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeOrderCursor(text)).toEqual(cursor);
  });

  it.each(['', 'not a cursor!', btoa('12.x'), btoa('12'), btoa('99999999999999999.1'), 'A'.repeat(65)])('refuse %s', (text) => {
    expect(decodeOrderCursor(text)).toBeNull();
  });
});
