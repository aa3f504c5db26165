/**
 * PATCH /api/orders/:id by an admin (spec 1-foundations-and-admin.md §4.4, §5.2, §7.3): assign to a courier, offer
 * to the zone, or cancel, told apart by the target status. The assign dialog checks its
 * fields with the same schemas.
 *
 * What the server never takes from the client: courierPay (it is fee + tip, computed on
 * the server) and zoneId (the restaurant's zone). Both may be sent, as the spec's client
 * does, and are ignored. expectedStatus is the status the admin saw: the change applies
 * only if the order is still in it (no lost update).
 */
import * as z from 'zod/mini';
import { ADMIN_ARRIVAL_TARGETS, ORDER_STATUSES } from '../orderStatus';
import { money, wholeNumber } from './common';

export const DELIVERY_FEE_MESSAGE = 'Delivery fee must be a valid number';
export const TIP_MESSAGE = 'Tip must be a valid number';

/** The dialog's "Courier Delivery Fee ($)" and "Courier Tip ($)". */
export const courierFees = {
  deliveryFee: money(DELIVERY_FEE_MESSAGE),
  tip: money(TIP_MESSAGE),
};

const expectedStatus = z.optional(z.enum(ORDER_STATUSES, { error: 'expectedStatus must be an order status' }));
const COURIER_REQUIRED = 'Select a courier to assign';

export const adminOrderPatchSchema = z.discriminatedUnion(
  'status',
  [
    z.object({
      status: z.literal('assigned'),
      courierId: wholeNumber(COURIER_REQUIRED),
      ...courierFees,
      expectedStatus,
    }),
    z.object({ status: z.literal('pending_courier'), ...courierFees, expectedStatus }),
    z.object({ status: z.literal('cancelled'), expectedStatus }),
    // The dispatcher records the arrival of a courier whose phone cannot place them (decision C23).
    ...ADMIN_ARRIVAL_TARGETS.map((target) => z.object({ status: z.literal(target), expectedStatus })),
  ],
  {
    error:
      "status must be 'assigned' (assign), 'pending_courier' (offer to the zone), 'cancelled' (cancel) or the arrival the courier is on the way to (arrived_at_pickup, arrived_at_pharmacy, arrived_at_customer)",
  },
);

export type AdminOrderPatch = z.infer<typeof adminOrderPatchSchema>;
