/**
 * The courier app's orders as the API sends them (GET /api/orders/courier…): the order,
 * its stops and the pickup's coordinates (src/db/orders/courier.ts CourierOrderJson).
 * Declared here because islands import nothing from the server.
 */
import type { LocationPrecision } from '../../../src/domain/location';
import type { OpenMapConfig } from '../../../src/domain/mapTiles';
import type { OrderStatus, StopStatus } from '../../../src/domain/orderStatus';

export interface CourierStop {
  id: number;
  orderId: number;
  sequence: number;
  customerName: string;
  customerPhone: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  locationPrecision: LocationPrecision;
  deliveryInstructions: string | null;
  /** The business's deliver-by time, if any (ISO). */
  deliverBy: string | null;
  status: StopStatus;
  arrivedTime: string | null;
  deliveredTime: string | null;
  /** A photo URL, or a photo still on the phone (outbox.ts LOCAL_PHOTO). */
  deliveryPhoto: string | null;
  deliveryNotes: string | null;
  /** Not delivered: the package goes back to the pickup (issue 27; ISO). */
  returnedAt?: string | null;
  failedAttempts?: number;
}

export interface CourierOrder {
  id: number;
  orderNumber: string;
  internalOrderNumber: string | null;
  status: OrderStatus;
  restaurantName: string;
  restaurantAddress: string;
  restaurantPhone: string;
  courierId: number | null;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  customerCompany: string | null;
  customerLatitude: number | null;
  customerLongitude: number | null;
  customerLocationPrecision: LocationPrecision;
  deliveryInstructions: string | null;
  setupRequired: boolean;
  /** Money as 2-decimal strings. */
  deliveryFee: string;
  tip: string;
  courierPay: string | null;
  totalDistanceMiles: number | null;
  /** The route's miles as the courier now drives it (after a reorder), else as priced (issue 27). */
  routeMiles?: number | null;
  pickupTime: string | null;
  deliveryTime: string | null;
  deliveryPhotos: string[];
  deliveryNotes: string | null;
  pharmacyPickupPhoto: string | null;
  /** Since when a failed delivery of the order's own waits for dispatch (issue 27; ISO). */
  deliveryFailedAt?: string | null;
  failedAttempts?: number;
  /** The autopilot's offer to this courier alone ends then (ISO; decision W12). */
  offerExpiresAt?: string | null;
  updatedAt: string | null;
  pickupLatitude: number | null;
  pickupLongitude: number | null;
  pickupLocationPrecision: LocationPrecision;
  stops: CourierStop[];
}

/** Whatever the courier pages need to know of the page they are on. */
export interface CourierView {
  userId: number;
  /** '' on a courier host name, '/courier' otherwise. */
  courierBase: string;
  /** The viewer's IANA zone (the tz cookie), so server and browser show the same times. */
  timeZone: string;
  /** The server's clock when the page was made: the first render matches on both sides. */
  now: number;
  /** Off only for testing (PROXIMITY_CHECK=off): arrivals are then always "near". */
  proximityCheck: boolean;
  /** How route maps are drawn without the maps service (Leaflet's script, the tiles). */
  openMap: OpenMapConfig;
}
