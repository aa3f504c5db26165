import { describe, expect, it } from 'vitest';
import { formatMoney, formatUsd, MAX_CENTS, parseMoney, sumCents } from './money';

describe('parseMoney', () => {
  it.each([
    ['19.99', 1999],
    [19.99, 1999],
    ['0.1', 10],
    [0.1, 10],
    ['12', 1200],
    [12, 1200],
    ['  7.5 ', 750],
    ['-3.25', -325],
    ['0', 0],
    ['99999999.99', MAX_CENTS],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it.each([['abc'], [''], ['1.234'], ['1e3'], [NaN], [Infinity], [null], [undefined], [{}], ['$5'], ['100000000.00'], ['1,000']])('refuses %j', (input) => {
    expect(parseMoney(input)).toBeNull();
  });

  it('adds amounts that floating point gets wrong', () => {
    // 0.1 + 0.2 !== 0.3 in floats; in cents it is exact.
    expect(sumCents(parseMoney(0.1), parseMoney(0.2))).toBe(parseMoney('0.3'));
  });
});

describe('formatting', () => {
  it('gives the API form with 2 decimals', () => {
    expect(formatMoney(1999)).toBe('19.99');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-1250)).toBe('-12.50');
    expect(formatMoney(0)).toBe('0.00');
  });

  it('gives the screen form with a dollar sign and grouping', () => {
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(3000)).toBe('$30.00');
    expect(formatUsd(null)).toBe('$0.00');
    expect(formatUsd(-50)).toBe('-$0.50');
  });

  it('treats a missing value as zero when summing', () => {
    expect(sumCents(100, null, undefined, 250)).toBe(350);
  });
});
