import { describe, expect, it } from 'vitest';
import { courierLabel, csvField, csvLine, earningsCsvFileName, earningsCsvLine, EARNINGS_CSV_COLUMNS, rowPlatformFee, type EarningsRow } from './earnings';

const row: EarningsRow = {
  orderId: 7,
  orderNumber: '10007',
  completedAt: Date.UTC(2026, 10, 3, 3, 30, 5), // 2026-11-02 22:30:05 in New York
  restaurantName: 'Harbor Bistro',
  courierId: 3,
  courierName: 'Marcus Reed',
  amountCents: 123_45,
  deliveryFeeCents: 30_00,
  tipCents: 7_77,
  courierPayCents: 31_11,
};

describe('earnings CSV', () => {
  it('has the spec columns in order', () => {
    expect(csvLine(EARNINGS_CSV_COLUMNS)).toBe(
      'Order ID,Order Number,Order Date,Restaurant,Courier,Order Amount,Delivery Fee,Tip,Courier Pay,Platform Fee\r\n',
    );
  });

  it('writes dates in the service zone, money with 2 decimals, N/A and 0.00 for what is missing', () => {
    expect(earningsCsvLine(row, 'America/New_York')).toBe('7,10007,2026-11-02 22:30:05,Harbor Bistro,Marcus Reed,123.45,30.00,7.77,31.11,6.66\r\n');
    expect(earningsCsvLine({ ...row, courierId: null, courierName: null, tipCents: 0, courierPayCents: null }, 'UTC')).toBe(
      '7,10007,2026-11-03 03:30:05,Harbor Bistro,N/A,123.45,30.00,0.00,0.00,30.00\r\n',
    );
    expect(earningsCsvLine({ ...row, courierName: null }, 'UTC')).toContain(',Courier #3,');
  });

  it('quotes fields with commas, quotes and line breaks, and defuses formulas in names only', () => {
    expect(csvField('Smith, Jones')).toBe('"Smith, Jones"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(earningsCsvLine({ ...row, restaurantName: '=SUM(A1)', courierName: '@evil', courierPayCents: 42_77 }, 'UTC')).toBe(
      "7,10007,2026-11-03 03:30:05,'=SUM(A1),'@evil,123.45,30.00,7.77,42.77,-5.00\r\n",
    );
  });

  it('derives the platform fee: fee + tip − courier pay, the whole fee before any pay is set', () => {
    expect(rowPlatformFee(row)).toBe(6_66);
    expect(rowPlatformFee({ ...row, courierPayCents: null })).toBe(30_00);
    expect(rowPlatformFee({ ...row, courierPayCents: 40_00 })).toBe(-2_23);
  });

  it('names the file after the day of the export', () => {
    expect(earningsCsvFileName('2026-11-21')).toBe('earnings-report-2026-11-21.csv');
    expect(courierLabel(4, '')).toBe('Courier #4');
  });
});
