/**
 * The admin earnings report (spec 1-foundations-and-admin.md §2.11, §3 "Earnings report"): what each row and the
 * CSV export say. The sums are computed in SQL (src/db/reports.ts); this file holds the
 * rules both the SQL and the screens follow, and the exact CSV format.
 *
 * - An order counts on the day it was completed, in the service time zone (D21).
 * - Platform fee: what the business paid (fee + tip) minus the courier's pay
 *   (fees.ts platformFee).
 * - Per courier, as the courier's own earnings count it (spec 3-courier-area.md §2.16): Total is the
 *   courier pay (else the delivery fee), Tips the tip, Base Pay the rest, so that
 *   Base Pay + Tips = Total.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { platformFee } from './fees';
import { formatMoney, type Cents } from './money';

export interface EarningsRow {
  orderId: number;
  orderNumber: string;
  /** When the order was completed (epoch ms): the instant it counts on. */
  completedAt: number;
  restaurantName: string;
  courierId: number | null;
  courierName: string | null;
  amountCents: Cents;
  deliveryFeeCents: Cents;
  tipCents: Cents;
  courierPayCents: Cents | null;
}

/** What the platform kept from a report row (fees.ts platformFee). */
export function rowPlatformFee(row: Pick<EarningsRow, 'deliveryFeeCents' | 'tipCents' | 'courierPayCents'>): Cents {
  return platformFee(row.deliveryFeeCents, row.tipCents, row.courierPayCents);
}

/** 'Courier #12' when the courier's name is missing (spec 1-foundations-and-admin.md §2.11 'Courier Summary'). */
export function courierLabel(courierId: number, name: string | null | undefined): string {
  return name || `Courier #${courierId}`;
}

export const EARNINGS_CSV_COLUMNS = [
  'Order ID',
  'Order Number',
  'Order Date',
  'Restaurant',
  'Courier',
  'Order Amount',
  'Delivery Fee',
  'Tip',
  'Courier Pay',
  'Platform Fee',
] as const;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Free text typed by people (names) that a spreadsheet would run as a formula (=, +, -, @
 * first) gets a leading apostrophe, so a business named "=HYPERLINK(…)" cannot run
 * anything on the admin's machine. Numbers are never touched.
 */
export function csvText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvLine(values: ReadonlyArray<string | number>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A report row as a CSV line: dates 'yyyy-MM-dd HH:mm:ss' in the service zone, 'N/A' without a courier, missing money '0.00'. */
export function earningsCsvLine(row: EarningsRow, zone: string): string {
  return csvLine([
    row.orderId,
    row.orderNumber,
    formatInTimeZone(new Date(row.completedAt), zone, 'yyyy-MM-dd HH:mm:ss'),
    csvText(row.restaurantName),
    row.courierId == null ? 'N/A' : csvText(courierLabel(row.courierId, row.courierName)),
    formatMoney(row.amountCents),
    formatMoney(row.deliveryFeeCents),
    formatMoney(row.tipCents),
    formatMoney(row.courierPayCents ?? 0),
    formatMoney(rowPlatformFee(row)),
  ]);
}

/** earnings-report-<yyyy-MM-dd>.csv, dated the day of the export (spec 1-foundations-and-admin.md §2.11). */
export function earningsCsvFileName(today: string): string {
  return `earnings-report-${today}.csv`;
}
