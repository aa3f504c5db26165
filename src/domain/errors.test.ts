import { describe, expect, it } from 'vitest';
import { buildErrorMessage } from './errors';

describe('buildErrorMessage', () => {
  it('uses status text when the body is empty', () => {
    expect(buildErrorMessage(500, 'Internal Server Error', '')).toBe('500: Internal Server Error');
  });
  it('joins error and details', () => {
    expect(buildErrorMessage(400, 'Bad Request', '{"error":"Invalid order","details":"Amount is required"}')).toBe('400: Invalid order - Amount is required');
  });
  it('reads field details as a sentence', () => {
    expect(
      buildErrorMessage(
        400,
        'Bad Request',
        '{"error":"Validation failed","details":{"name":["Zone name is required"],"cities":["At least one city is required"]}}',
      ),
    ).toBe('400: Validation failed - Zone name is required; At least one city is required');
  });
  it('shows only the error when there are no details', () => {
    expect(buildErrorMessage(409, 'Conflict', '{"error":"Order already taken"}')).toBe('409: Order already taken');
  });
  it('prints other JSON and plain text as they are', () => {
    expect(buildErrorMessage(418, 'x', '{"message":"tea"}')).toBe('418: {"message":"tea"}');
    expect(buildErrorMessage(502, 'x', 'Bad gateway')).toBe('502: Bad gateway');
  });
});
