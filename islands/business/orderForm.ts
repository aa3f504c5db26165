/**
 * What the business's order forms share besides their inputs: the order's own fields,
 * local date-time to the API's UTC form, the email rule, the messages a failed call
 * becomes (spec 2-business-area.md §8.2), and what creating an order does.
 */
import { INVALID_EMAIL, isEmail } from '../../src/domain/email';
import { apiRequest, ApiRequestError } from '../lib/api';
import { errorToast, toast } from '../lib/events';

/** The business the order is picked up from, shown read-only at the top of the create forms. */
export interface BusinessOnForm {
  name: string;
  address: string;
  phone: string;
}

/** Where a create form starts: 'YYYY-MM-DDTHH:mm' in the viewer's zone, now and now + 1 hour (spec 2-business-area.md §9.2). */
export interface OrderTimeDefaults {
  defaultPickup: string;
  defaultDelivery: string;
}

/** The order's own fields in both create forms, as typed. */
export interface OrderTerms {
  internalOrderNumber: string;
  amount: string;
  tip: string;
  pickup: string;
  delivery: string;
}

export const newOrderTerms = (defaults: OrderTimeDefaults): OrderTerms => ({
  internalOrderNumber: '',
  amount: '',
  tip: '',
  pickup: defaults.defaultPickup,
  delivery: defaults.defaultDelivery,
});

/** 'YYYY-MM-DDTHH:mm' (or a date and a time) in the browser's zone, as UTC with an offset (spec 2-business-area.md §7). */
export function localToUtc(local: string): string | null {
  const time = new Date(local).getTime();
  if (!local || Number.isNaN(time)) return null;
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Why a customer's email cannot be saved, or null: blank is fine, it is optional (decision K14). */
export const emailProblem = (value: string): string | null => (!value.trim() || isEmail(value.trim()) ? null : INVALID_EMAIL);

/** The server's details, else its error, else the fallback (spec 2-business-area.md §8.2). */
function failureReason(error: unknown): { details: string | null; status: number | null } {
  if (!(error instanceof ApiRequestError)) return { details: null, status: null };
  const body = error.body as { error?: unknown; details?: unknown } | null;
  const details = typeof body?.details === 'string' && body.details ? body.details : typeof body?.error === 'string' ? body.error : null;
  return { details, status: error.status };
}

/** 'Order creation failed': the server's details, else '… - server error' for a server fault, else 'Failed to create order'. */
export function orderCreationMessage(error: unknown): string {
  const { details, status } = failureReason(error);
  if (details) return details;
  return status != null && status >= 500 ? 'Failed to create order - server error' : 'Failed to create order';
}

/** A spec message, followed by the server's own reason when it gave one. */
export function withReason(message: string, error: unknown): string {
  const { details } = failureReason(error);
  if (!details) return message;
  return /[.!?]$/.test(message) ? `${message} ${details}` : `${message}: ${details}`;
}

/** After creating, the dashboard opens this long after the success toast, so it is seen. */
const AFTER_CREATE_DELAY_MS = 600;

/**
 * Sends a new order. Created: says so in a toast and opens the dashboard once it was seen;
 * refused: shows the failure in the words `failureMessage` picks. Answers whether it was created.
 */
export async function createOrder(body: object, success: string, failureMessage: (error: unknown) => string): Promise<boolean> {
  try {
    await apiRequest('POST', '/api/orders', body);
  } catch (error) {
    errorToast(failureMessage(error));
    return false;
  }
  toast({ title: 'Success', description: success });
  window.setTimeout(() => window.location.assign('/restaurant'), AFTER_CREATE_DELAY_MS);
  return true;
}
