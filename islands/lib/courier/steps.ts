/**
 * Sending the courier's steps through the outbox (outbox.ts) and telling the courier how
 * it went: the step's own success message (the spec's words) only once the server has it,
 * "Saved on this phone — will send when online" while it waits on the phone (the screen
 * moves on regardless; decision F5), and the server's reason when it was refused.
 */
import { isPharmacyOrder } from '../../../src/domain/courierFlow';
import type { FailureReason } from '../../../src/domain/failedDelivery';
import { courierStatusLabel, type OrderStatus, type StopStatus } from '../../../src/domain/orderStatus';
import { errorToast, toast, type ToastDetail } from '../events';
import { recentFix } from '../locationReporter';
import { enqueue, newPhotoRef, submit, type Effect, type Outcome } from './outbox';
import type { CourierOrder, CourierStop } from './types';

/** What waits in the outbox has not reached the server: said so, never as done. */
export const SAVED_ON_PHONE = 'Saved on this phone — will send when online';

const NOT_SENT_YET: ToastDetail = { title: 'Not sent yet', description: `${SAVED_ON_PHONE}. You can continue.` };

export function report(outcome: Outcome, success?: ToastDetail, queued: ToastDetail | null = NOT_SENT_YET): Outcome {
  if (outcome.state === 'sent' && success) toast(success);
  if (outcome.state === 'queued' && queued) toast(queued);
  if (outcome.state === 'refused') errorToast(outcome.message);
  return outcome;
}

export interface StepBody {
  status?: OrderStatus;
  deliveryPhotos?: string[];
  deliveryNotes?: string | null;
  pharmacyPickupPhoto?: string;
  courierLatitude?: number;
  courierLongitude?: number;
  /** An arrival the phone could not place, confirmed by the courier (decision C23). */
  withoutPosition?: true;
  acceptLateFee?: boolean;
}

/** PATCH /api/orders/:id, shown at once as `effect` (by default, the new status). */
export function sendStep(
  order: CourierOrder,
  body: StepBody,
  label: string,
  effect: Effect = { order: body.status ? { status: body.status } : {} },
): Promise<Outcome> {
  return enqueue({ orderId: order.id, method: 'PATCH', url: `/api/orders/${order.id}`, json: body, effect, label });
}

/** PATCH /api/order-stops/:id. */
export function sendStopStep(
  order: CourierOrder,
  stop: CourierStop,
  body: { status: StopStatus; deliveryPhoto?: string; deliveryNotes?: string | null } & Pick<
    StepBody,
    'courierLatitude' | 'courierLongitude' | 'withoutPosition'
  >,
  label: string,
  effect: Effect,
): Promise<Outcome> {
  return enqueue({ orderId: order.id, method: 'PATCH', url: `/api/order-stops/${stop.id}`, json: body, effect, label });
}

/** POST /api/orders/:id/delivery-photos with the photos (URLs or local names) and notes. */
export function sendDeliveryPhotos(order: CourierOrder, photos: string[], notes: string | null): Promise<Outcome> {
  return enqueue({
    orderId: order.id,
    method: 'POST',
    url: `/api/orders/${order.id}/delivery-photos`,
    json: { photos, notes },
    effect: { order: { deliveryPhotos: [...new Set([...order.deliveryPhotos, ...photos])], deliveryNotes: notes } },
    label: 'Delivery photos',
  });
}

/** POST /api/orders/:id/delivery-failures: a delivery that could not be made (decision C28). */
export function sendDeliveryFailure(
  order: CourierOrder,
  body: { stopId?: number; reason: FailureReason; notes: string | null; photo?: string },
  effect: Effect,
): Promise<Outcome> {
  return enqueue({ orderId: order.id, method: 'POST', url: `/api/orders/${order.id}/delivery-failures`, json: body, effect, label: 'Failed delivery' });
}

/** Starts uploading a photo for the order and answers its local name at once. */
export async function uploadPhoto(order: CourierOrder, photo: Blob, kind: 'delivery' | 'pharmacy_pickup' | 'stop', stopId?: number): Promise<string> {
  const ref = newPhotoRef();
  // Stamped with where the phone was as it was taken; the time is the outbox entry's (decision F7).
  const at = recentFix();
  const query = new URLSearchParams({
    kind,
    ...(stopId ? { stopId: String(stopId) } : {}),
    ...(at ? { latitude: String(at.lat), longitude: String(at.lng) } : {}),
  });
  const { outcome } = await submit({
    orderId: order.id,
    method: 'POST',
    url: `/api/orders/${order.id}/photos?${query}`,
    blob: photo,
    photoRef: ref,
    label: 'Photo',
  });
  void outcome.then((result) => result.state === 'refused' && errorToast(result.message, 'Photo not saved'));
  return ref;
}

/**
 * Going online (spec 3-courier-area.md §2.8, §4.3–4.4): a restaurant order sets off for the pickup; a
 * pharmacy route first takes its pharmacy form, then sets off for the pharmacy.
 */
export async function goOnline(order: CourierOrder): Promise<Outcome> {
  if (!isPharmacyOrder(order)) {
    return report(await sendStep(order, { status: 'courier_on_way_to_pickup' }, 'Go online'), {
      title: 'You are online',
      description: 'Head to the restaurant to pick up the order',
    });
  }
  if (order.status !== 'awaiting_pharmacy_pickup') void sendStep(order, { status: 'awaiting_pharmacy_pickup' }, 'Ready to start');
  return report(await sendStep(order, { status: 'courier_on_way_to_pharmacy' }, 'Go online'), {
    title: "You're Online!",
    description: 'Head to the pharmacy for pickup',
  });
}

/** "Order Status Updated" after a step of the restaurant workflow. */
export const statusUpdated = (status: OrderStatus): ToastDetail => ({
  title: 'Order Status Updated',
  description: `Order is now in status: ${courierStatusLabel(status)}`,
});
