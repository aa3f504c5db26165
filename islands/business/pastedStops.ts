/**
 * A list of stops pasted into the multi-stop form, or opened from a file (issue 32), so
 * that a route of up to 100 stops is not 100 cards typed one by one: one stop a line,
 * copied from a spreadsheet (columns split by tabs), saved as CSV or written out (split
 * by commas): the customer's
 * name, their phone, then the address (the rest of the line; commas in it stay). A
 * heading line naming the columns is skipped. A line that cannot be read is named, so
 * that it can be put right before anything is added.
 */
import { phoneDigits } from '../../src/domain/phone';

export interface PastedStop {
  customerName: string;
  customerPhone: string;
  address: string;
}

export interface PastedList {
  stops: PastedStop[];
  /** "Line 3: …", for each line that cannot be read. */
  problems: string[];
}

const HEADING = /\bname\b.*\baddress\b/i;

function readLine(line: string): PastedStop | string {
  // A spreadsheet's CSV quotes a field with a comma in it: the quotes go, the commas rejoin the address.
  const fields = (line.includes('\t') ? line.split('\t') : line.split(',')).map((field) => field.trim().replace(/^"|"$/g, '').trim());
  const [customerName = '', phone = '', ...rest] = fields;
  const address = rest.filter(Boolean).join(', ');
  if (!customerName) return 'the customer name is missing';
  const customerPhone = phoneDigits(phone);
  if (!customerPhone) return `"${phone}" is not a phone number (name, phone, then address)`;
  if (!address) return 'the address is missing';
  return { customerName, customerPhone, address };
}

export function readPastedStops(text: string): PastedList {
  const stops: PastedStop[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim() || (index === 0 && HEADING.test(line))) return;
    const read = readLine(line);
    if (typeof read === 'string') problems.push(`Line ${index + 1}: ${read}`);
    else stops.push(read);
  });
  return { stops, problems };
}
