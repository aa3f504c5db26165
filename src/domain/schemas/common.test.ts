import { describe, expect, it } from 'vitest';
import { id, instant, parseInstant, wholeNumber } from './common';
import { orderListQuerySchema } from './orders';

describe('ids', () => {
  it('are positive whole numbers, from JSON or as decimal digits', () => {
    expect(id.parse(42)).toBe(42);
    expect(id.parse('42')).toBe(42);
    expect(id.parse('007')).toBe(7);
  });

  it("are refused with the field's own message, whatever the wrong value", () => {
    for (const value of ['', 'abc', 0, -1, null]) {
      expect(
        wholeNumber('Zone is required')
          .safeParse(value)
          .error?.issues.map((issue) => issue.message),
        JSON.stringify(value),
      ).toEqual(['Zone is required']);
    }
  });

  it('refuse what coercion would read as a number', () => {
    for (const value of ['0x10', ' 1', '1e3', '1.0', '', '-1', '0', 0, 1.5, true, null, [], '9007199254740993', 2 ** 53]) {
      expect(id.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe('instants', () => {
  it('are ISO date-times with an offset, or epoch ms', () => {
    expect(parseInstant('2030-01-15T14:00:00+00:00')).toBe(Date.UTC(2030, 0, 15, 14));
    expect(parseInstant('2030-01-15T14:00:00.000Z')).toBe(Date.UTC(2030, 0, 15, 14));
    expect(parseInstant('2030-01-15T09:00:00-05:00')).toBe(Date.UTC(2030, 0, 15, 14));
    expect(parseInstant(1_900_000_000_000.4)).toBe(1_900_000_000_000);
  });

  it('refuse days that do not exist and text Date.parse would guess at', () => {
    for (const text of [
      '2030-02-30T10:00:00Z',
      '2030-04-31T10:00:00+02:00',
      '2030-13-01T00:00:00Z',
      '2030-01-01T24:00:00Z',
      '1',
      'Jan 1 2030',
      '2030-01-01 10:00',
      '2030-01-01T10:00:00',
      '2030-01-01',
    ]) {
      expect(parseInstant(text), text).toBeNull();
    }
    expect(parseInstant('2028-02-29T10:00:00Z')).toBe(Date.UTC(2028, 1, 29, 10));
  });

  it('keep to the years 2000 to 2100', () => {
    expect(instant('x').safeParse('1999-12-31T23:59:59Z').success).toBe(false);
    expect(instant('x').safeParse('2100-01-02T00:00:00Z').success).toBe(false);
  });
});

describe('order list filters', () => {
  it('take tabs, statuses, months and days, and blank fields as not given', () => {
    expect(orderListQuerySchema.parse({ status: 'completed', month: '2030-01', day: '', page: '2' })).toEqual({
      status: 'completed',
      month: '2030-01',
      day: '',
      page: 2,
    });
    expect(orderListQuerySchema.parse({ status: 'pending_courier' }).status).toBe('pending_courier');
  });

  it('refuse anything else rather than list everything', () => {
    for (const query of [{ status: 'bogus' }, { month: '2030-13' }, { day: '2030-02-30' }, { page: '1e3' }, { pageSize: '201' }]) {
      expect(orderListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
