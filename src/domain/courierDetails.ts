/**
 * A courier's own record as the forms show it (spec 1-foundations-and-admin.md §2.9, spec 3-courier-area.md §2.16): contact,
 * vehicle, documents and equipment. The admin's Edit Courier dialog and the courier's
 * profile show the same fields with the same labels.
 */

export interface CourierDetails {
  email: string;
  address: string;
  vehicleType: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: string;
  driversLicense: string;
  driversLicenseExpiry: string;
  insurance: string;
  insuranceExpiry: string;
  hasQuickDeliveryEquipment: boolean;
  hasCateringDolly: boolean;
  hasThermoBags: boolean;
  hasIsothermalBoxes: boolean;
}

export type EquipmentFlag = keyof CourierDetails & `has${string}`;

/** The four equipment checkboxes, in the spec's order and words (spec 1-foundations-and-admin.md §2.9). */
export const EQUIPMENT: ReadonlyArray<{ name: EquipmentFlag; label: string }> = [
  { name: 'hasQuickDeliveryEquipment', label: 'Quick Delivery Equipment' },
  { name: 'hasCateringDolly', label: 'Catering Dolly for Thermos' },
  { name: 'hasThermoBags', label: 'Thermo Bags' },
  { name: 'hasIsothermalBoxes', label: 'Isothermal Boxes' },
];

/** The details of a stored courier record. */
export function courierDetailsOf(courier: CourierDetails): CourierDetails {
  return {
    email: courier.email,
    address: courier.address,
    vehicleType: courier.vehicleType,
    vehicleMake: courier.vehicleMake,
    vehicleModel: courier.vehicleModel,
    vehicleYear: courier.vehicleYear,
    driversLicense: courier.driversLicense,
    driversLicenseExpiry: courier.driversLicenseExpiry,
    insurance: courier.insurance,
    insuranceExpiry: courier.insuranceExpiry,
    hasQuickDeliveryEquipment: courier.hasQuickDeliveryEquipment,
    hasCateringDolly: courier.hasCateringDolly,
    hasThermoBags: courier.hasThermoBags,
    hasIsothermalBoxes: courier.hasIsothermalBoxes,
  };
}
