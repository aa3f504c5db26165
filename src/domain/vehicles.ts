/**
 * Vehicle types (spec 1-foundations-and-admin.md §9). Orders require one or more of the five data-model types.
 * The courier profile form also offers hatchback, so a courier's own vehicle may be any
 * of six (docs/decisions/).
 */
export const ORDER_VEHICLE_TYPES = ['sedan', 'suv', 'pickup', 'minivan', 'truck'] as const;
export type OrderVehicleType = (typeof ORDER_VEHICLE_TYPES)[number];

export const COURIER_VEHICLE_TYPES = [...ORDER_VEHICLE_TYPES, 'hatchback'] as const;
export type CourierVehicleType = (typeof COURIER_VEHICLE_TYPES)[number];

const LABELS: Record<string, string> = {
  sedan: 'Sedan',
  suv: 'SUV',
  pickup: 'Pickup',
  minivan: 'Minivan',
  truck: 'Truck',
  hatchback: 'Hatchback',
  // The second label map of the spec, for values older data may carry.
  van: 'Van/Minivan',
  motorcycle: 'Motorcycle',
};

export function vehicleLabel(type: string | null | undefined): string {
  if (!type) return '';
  return LABELS[type] ?? type;
}

/** An order that names vehicle types takes a courier driving one of them; one that names none takes any. */
export function vehicleFits(required: readonly string[], courierVehicle: string): boolean {
  return required.length === 0 || required.includes(courierVehicle);
}
