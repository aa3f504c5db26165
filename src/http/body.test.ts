import { describe, expect, it } from 'vitest';
import { BINARY_PHOTO_BODY_BYTES, MAX_API_BODY_BYTES, maxBodyBytes, PHOTO_STRINGS_BODY_BYTES, STOP_PHOTO_BODY_BYTES } from './body';
import { jsonProblem, MAX_JSON_DEPTH } from './validate';

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

describe('jsonProblem', () => {
  it('finds a lone surrogate in any string or key, and accepts real pairs', () => {
    expect(jsonProblem({ name: 'Café 😀', items: [{ note: 'ok' }], n: 1, x: null })).toBeNull();
    expect(jsonProblem({ username: '\ud800' })).toBe('lone_surrogate');
    expect(jsonProblem({ items: [{ note: 'a\udc00b' }] })).toBe('lone_surrogate');
    expect(jsonProblem({ ['\ud83d']: 1 })).toBe('lone_surrogate');
    expect(jsonProblem('\ud83d\ude00')).toBeNull();
  });

  it('refuses control characters but keeps tabs and line breaks', () => {
    expect(jsonProblem({ customerEmail: 'a@b.com\u0000' })).toBe('control_character');
    expect(jsonProblem({ notes: ['bell \u0007'] })).toBe('control_character');
    expect(jsonProblem({ ['key\u001b']: 1 })).toBe('control_character');
    expect(jsonProblem({ notes: 'C1 \u0085' })).toBe('control_character');
    expect(jsonProblem({ notes: 'line one\nline two\r\n\tindented' })).toBeNull();
  });

  it('refuses a body nested deeper than the limit without recursing', () => {
    const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth));
    expect(jsonProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonProblem(nested(MAX_JSON_DEPTH + 1))).toBe('too_deep');
    expect(jsonProblem(JSON.parse('{"a":'.repeat(4600) + '1' + '}'.repeat(4600)))).toBe('too_deep');
    expect(jsonProblem(nested(200_000))).toBe('too_deep');
  });
});
