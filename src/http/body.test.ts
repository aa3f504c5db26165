import { describe, expect, it } from 'vitest';
import { BINARY_PHOTO_BODY_BYTES, MAX_API_BODY_BYTES, maxBodyBytes, PHOTO_STRINGS_BODY_BYTES, STOP_PHOTO_BODY_BYTES } from './body';
import { isWellFormedJson } from './validate';

describe('maxBodyBytes', () => {
  it('allows more than 1 MB only for a courier’s photo-carrying requests', () => {
    expect(maxBodyBytes('POST', '/api/orders/5/photos', 'courier')).toBe(BINARY_PHOTO_BODY_BYTES);
    expect(maxBodyBytes('POST', '/api/orders/5/delivery-photos', 'courier')).toBe(PHOTO_STRINGS_BODY_BYTES);
    expect(maxBodyBytes('PATCH', '/api/orders/5', 'courier')).toBe(PHOTO_STRINGS_BODY_BYTES);
    expect(maxBodyBytes('PATCH', '/api/order-stops/9', 'courier')).toBe(STOP_PHOTO_BODY_BYTES);
    for (const role of ['restaurant', 'admin', undefined]) {
      expect(maxBodyBytes('PATCH', '/api/orders/5', role)).toBe(MAX_API_BODY_BYTES);
      expect(maxBodyBytes('POST', '/api/orders/5/photos', role)).toBe(MAX_API_BODY_BYTES);
    }
    expect(maxBodyBytes('POST', '/api/orders', 'courier')).toBe(MAX_API_BODY_BYTES);
    expect(maxBodyBytes('POST', '/auth', undefined)).toBe(MAX_API_BODY_BYTES);
  });
});

describe('isWellFormedJson', () => {
  it('finds a lone surrogate in any string or key, and accepts real pairs', () => {
    expect(isWellFormedJson({ name: 'Café 😀', items: [{ note: 'ok' }], n: 1, x: null })).toBe(true);
    expect(isWellFormedJson({ username: '\ud800' })).toBe(false);
    expect(isWellFormedJson({ items: [{ note: 'a\udc00b' }] })).toBe(false);
    expect(isWellFormedJson({ ['\ud83d']: 1 })).toBe(false);
    expect(isWellFormedJson('\ud83d\ude00')).toBe(true);
  });
});
