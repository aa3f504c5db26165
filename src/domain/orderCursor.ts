/**
 * Where a page of orders (newest delivery time first) ended, for keyset paging: cheap and
 * stable at any depth. The integrations API gives it to clients as an opaque cursor:
 * base64url of "deliveryTime.id" (issue 17).
 */
import { base64Url } from './tokens';

export interface OrderCursor {
  deliveryTime: number;
  id: number;
}

export function encodeOrderCursor(cursor: OrderCursor): string {
  return base64Url(new TextEncoder().encode(`${cursor.deliveryTime}.${cursor.id}`));
}

export function decodeOrderCursor(text: string): OrderCursor | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return null;
  let plain: string;
  try {
    plain = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return null;
  }
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(plain);
  if (!match) return null;
  const [deliveryTime, id] = [Number(match[1]), Number(match[2])];
  return Number.isSafeInteger(deliveryTime) && Number.isSafeInteger(id) ? { deliveryTime, id } : null;
}
