/**
 * Money is integer cents everywhere: in storage, in arithmetic and in the domain.
 * It becomes a decimal string only at the edges (API JSON, CSV, screen).
 *
 * Parsing goes through the decimal text, never through float multiplication, so
 * "19.99" is exactly 1999 cents (19.99 * 100 in floating point is 1998.9999…).
 */
export type Cents = number;

/** decimal(10,2): the largest amount the data model can hold. */
export const MAX_CENTS: Cents = 99_999_999_99;

const DECIMAL = /^(-)?(\d{1,10})(?:\.(\d{1,2}))?$/;

/**
 * Reads a money value given as a number or a numeric string ("12", "12.5", "12.50").
 * Returns null for anything else: NaN, exponents, more than 2 decimals, empty text,
 * or a magnitude beyond decimal(10,2).
 */
export function parseMoney(input: unknown): Cents | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // Numbers that arrive as JSON (0.1, 12.5) print back to their shortest decimal form.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_CENTS) return null;
  return minus ? -cents : cents;
}

/** "12.50": the API's money format (string, 2 decimals, no currency sign). */
export function formatMoney(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** "$1,234.50": money as people read it on screen. */
export function formatUsd(cents: Cents | null | undefined): string {
  const value = cents ?? 0;
  const [whole, fraction] = formatMoney(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/** Sums cents exactly; missing values (a tip that was never given) count as 0. */
export function sumCents(...values: Array<Cents | null | undefined>): Cents {
  return values.reduce<number>((total, value) => total + (value ?? 0), 0);
}
