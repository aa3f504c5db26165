import { describe, expect, it } from 'vitest';
import { isEitherApproximate, pickupDeliveryLine, pickupDeliveryMarkers, type WidgetPlace } from './pickupAndDelivery';

const pickup: WidgetPlace = { address: '1600 E 8th Ave, Tampa', point: { lat: 27.96, lng: -82.44 }, precision: 'address' };
const delivery: WidgetPlace = { address: '1201 N Franklin St, Tampa', point: { lat: 27.956, lng: -82.459 }, precision: 'address' };
const atZipCentre: WidgetPlace = { address: '33602', point: { lat: 27.95, lng: -82.46 }, precision: 'zip' };

describe('P and D on the open map', () => {
  it('are the pickup marked P and the delivery marked D, titled with their addresses', () => {
    expect(pickupDeliveryMarkers(pickup, delivery)).toEqual([
      { key: 'pickup', point: pickup.point, kind: 'pickup', label: 'P', title: 'Pickup: 1600 E 8th Ave, Tampa', approximate: false },
      { key: 'delivery', point: delivery.point, kind: 'stop', label: 'D', title: 'Delivery: 1201 N Franklin St, Tampa', approximate: false },
    ]);
  });

  it('say so when a place is only its ZIP code’s centre', () => {
    const [, marker] = pickupDeliveryMarkers(pickup, atZipCentre)!;
    expect(marker).toMatchObject({ title: 'Delivery: 33602 (approximate location)', approximate: true });
    expect(isEitherApproximate(pickup, atZipCentre)).toBe(true);
    expect(isEitherApproximate(atZipCentre, delivery)).toBe(true);
    expect(isEitherApproximate(pickup, delivery)).toBe(false);
  });

  it('are not drawn unless both are placed (the illustration is shown instead)', () => {
    expect(pickupDeliveryMarkers(pickup, { ...delivery, point: null })).toBeNull();
    expect(pickupDeliveryMarkers({ ...pickup, point: null }, delivery)).toBeNull();
  });

  it('are joined by a dashed straight line', () => {
    expect(pickupDeliveryLine(pickupDeliveryMarkers(pickup, delivery)!)).toEqual([
      { key: 'p-to-d', points: [pickup.point, delivery.point], color: '#1d63db', dashed: true },
    ]);
  });
});
