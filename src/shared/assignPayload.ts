/** What a row of the admin orders table tells the assign dialog (islands/AssignOrderDialog.tsx) about its order. */
import type { OrderStatus } from '../domain/orderStatus';

export interface AssignPayload {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  deliveryFee: string;
  tip: string;
  /** The courier fee the dispatcher set last time (null before any): reopening Assign keeps it (decision W7). */
  courierFee: string | null;
  /** The courier who missed this pickup, named, so the dialog can say who is not offered. */
  missedBy: string | null;
  /** The courier who holds the order now, named (null when nobody does, or they missed it): the dialog reassigns. */
  heldBy: string | null;
  /** That courier has set off with it: taking it from them is confirmed first. */
  started: boolean;
}
