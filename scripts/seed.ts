/**
 * Demo data: 3 zones around Tampa, the demo accounts of the README, a few more couriers
 * and businesses, and about 40 orders over every status, placed relative to now so the
 * current month and today always have something to show. Deterministic for a given now.
 *
 *   npm run db:seed                 seeds DATABASE_URL if it is local and empty
 *   npm run db:seed -- --allow-remote   also seeds a non-local database (never by default)
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { pathToFileURL } from 'node:url';
import { hashPassword } from '../src/auth/password';
import { createDb, type Db } from '../src/db/client';
import { saveMessageSettings } from '../src/db/messages';
import { settleSeededEvents } from '../src/db/outbox';
import { DEFAULT_TEMPLATES, MESSAGE_KINDS } from '../src/domain/messages';
import { DEFAULT_AUTOPILOT_SETTINGS, numbersOf } from '../src/domain/autopilot/settings';
import * as schema from '../src/db/schema';
import { courierPay, distanceDeliveryFee, roundMiles, singleOrderDeliveryFee } from '../src/domain/fees';
import { estimatedRoadMiles, type LatLng } from '../src/domain/geo';
import { MILESTONES, type MilestoneField, type OrderStatus } from '../src/domain/orderStatus';
import type { OrderVehicleType } from '../src/domain/vehicles';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { username: 'admin', role: 'admin', what: 'administrator' },
  { username: 'bistro', role: 'restaurant', what: 'restaurant (Harbor Bistro)' },
  { username: 'pharmacy', role: 'restaurant', what: 'pharmacy (Bayshore Pharmacy), multi-stop orders' },
  { username: 'courier', role: 'courier', what: 'courier in the Tampa zone' },
  { username: 'courier2', role: 'courier', what: 'courier in the Tampa zone' },
] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** True for loopback and file databases: the only ones seeded without --allow-remote. */
export function isLocalDatabase(url: string): boolean {
  if (url.startsWith('file:')) return true;
  try {
    const host = new URL(url).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '[::1]';
  } catch {
    return false;
  }
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(schema.users);
  return row.count > 0;
}

interface Place extends LatLng {
  address: string;
}

const ZONES = [
  { name: 'Tampa', description: 'Downtown, Ybor City, South Tampa and Westshore', cities: ['Tampa', 'Temple Terrace'] },
  { name: 'St. Petersburg', description: 'Pinellas County', cities: ['St. Petersburg', 'Clearwater', 'Largo'] },
  { name: 'Brandon', description: 'East Hillsborough', cities: ['Brandon', 'Riverview', 'Valrico'] },
];

const BUSINESSES = [
  {
    username: 'bistro',
    name: 'Harbor Bistro',
    type: 'restaurant',
    zone: 'Tampa',
    active: true,
    api: true,
    place: { address: '615 Channelside Dr, Tampa, FL 33602', lat: 27.9427, lng: -82.4497 },
    phone: '8135550101',
    contact: ['Elena Ruiz', 'General Manager', '8135550102', 'elena@harborbistro.example'],
    hours: 'Mon-Sun 10:00-22:00',
    instructions: 'Catering pickup at the side door on Channelside.',
  },
  {
    username: 'pharmacy',
    name: 'Bayshore Pharmacy',
    type: 'pharmacy',
    zone: 'Tampa',
    active: true,
    api: true,
    place: { address: '2210 W Swann Ave, Tampa, FL 33606', lat: 27.9379, lng: -82.4843 },
    phone: '8135550201',
    contact: ['Raj Patel', 'Pharmacist in Charge', '8135550202', 'raj@bayshorerx.example'],
    hours: 'Mon-Sat 8:00-20:00',
    instructions: 'Packages are at the pickup counter; show the order number.',
  },
  {
    username: 'sunset',
    name: 'Sunset Catering Co.',
    type: 'restaurant',
    zone: 'St. Petersburg',
    active: true,
    place: { address: '300 Beach Dr NE, St. Petersburg, FL 33701', lat: 27.774, lng: -82.6327 },
    phone: '7275550301',
    contact: ['Maya Brooks', 'Owner', '7275550302', 'maya@sunsetcatering.example'],
    hours: 'Mon-Fri 9:00-18:00',
    instructions: 'Loading zone behind the building.',
  },
  {
    username: 'gulfgrill',
    name: 'Gulf Coast Grill',
    type: 'restaurant',
    zone: 'Brandon',
    active: true,
    place: { address: '1602 W Brandon Blvd, Brandon, FL 33511', lat: 27.9378, lng: -82.3126 },
    phone: '8135550401',
    contact: ['Tom Walsh', 'Kitchen Manager', '8135550402', 'tom@gulfgrill.example'],
    hours: 'Tue-Sun 11:00-22:00',
    instructions: null,
  },
  {
    username: 'carefirst',
    name: 'CareFirst Pharmacy',
    type: 'pharmacy',
    zone: 'St. Petersburg',
    active: true,
    place: { address: '2400 Central Ave, St. Petersburg, FL 33712', lat: 27.771, lng: -82.665 },
    phone: '7275550501',
    contact: ['Lena Ortiz', 'Store Manager', '7275550502', 'lena@carefirst.example'],
    hours: 'Mon-Sun 8:00-21:00',
    instructions: null,
  },
  {
    username: 'olddeli',
    name: 'Old Town Deli',
    type: 'restaurant',
    zone: 'Tampa',
    active: false,
    place: { address: '1600 E 7th Ave, Tampa, FL 33605', lat: 27.9603, lng: -82.4386 },
    phone: '8135550601',
    contact: ['Sam Greene', 'Owner', '8135550602', 'sam@oldtowndeli.example'],
    hours: 'Closed',
    instructions: null,
  },
] as const;

/** Documents: days from today until expiry. courier4's licence expires soon; courier5's insurance has expired. */
const COURIERS = [
  {
    username: 'courier',
    name: 'Marcus Reed',
    zone: 'Tampa',
    vehicle: ['sedan', 'Toyota', 'Camry', '2021'],
    license: 700,
    insurance: 400,
    active: true,
    phone: '8135550701',
    at: { lat: 27.9475, lng: -82.4584 },
  },
  {
    username: 'courier2',
    name: 'Sofia Alvarez',
    zone: 'Tampa',
    vehicle: ['suv', 'Honda', 'CR-V', '2022'],
    license: 900,
    insurance: 300,
    active: true,
    phone: '8135550702',
    at: { lat: 27.9392, lng: -82.4781 },
  },
  {
    username: 'courier3',
    name: 'Jamal Carter',
    zone: 'St. Petersburg',
    vehicle: ['minivan', 'Honda', 'Odyssey', '2020'],
    license: 500,
    insurance: 200,
    active: true,
    phone: '7275550703',
    at: { lat: 27.7752, lng: -82.6401 },
  },
  {
    username: 'courier4',
    name: 'Emily Chen',
    zone: 'Brandon',
    vehicle: ['pickup', 'Ford', 'F-150', '2019'],
    license: 12,
    insurance: 250,
    active: true,
    phone: '8135550704',
    at: { lat: 27.9381, lng: -82.2859 },
  },
  {
    username: 'courier5',
    name: 'Victor Hughes',
    zone: 'Tampa',
    vehicle: ['sedan', 'Nissan', 'Altima', '2018'],
    license: 400,
    insurance: -10,
    active: true,
    phone: '8135550705',
    at: null,
  },
  {
    username: 'courier6',
    name: 'Grace Kim',
    zone: 'St. Petersburg',
    vehicle: ['hatchback', 'Honda', 'Fit', '2017'],
    license: 300,
    insurance: 300,
    active: false,
    phone: '7275550706',
    at: null,
  },
] as const;

const TAMPA_CUSTOMERS: Place[] = [
  { address: '1201 N Franklin St, Tampa, Florida, 33602', lat: 27.956, lng: -82.459 },
  { address: '3001 W Kennedy Blvd, Tampa, Florida, 33609', lat: 27.9445, lng: -82.4903 },
  { address: '4202 W Boy Scout Blvd, Tampa, Florida, 33607', lat: 27.962, lng: -82.518 },
  { address: '1910 E 7th Ave, Tampa, Florida, 33605', lat: 27.9605, lng: -82.436 },
  { address: '2102 W Platt St, Tampa, Florida, 33606', lat: 27.942, lng: -82.481 },
  { address: '5110 N Armenia Ave, Tampa, Florida, 33603', lat: 27.993, lng: -82.484 },
  { address: '800 E Twiggs St, Tampa, Florida, 33602', lat: 27.953, lng: -82.452 },
  { address: '3802 Neptune St, Tampa, Florida, 33629', lat: 27.928, lng: -82.505 },
  { address: '701 S Howard Ave, Apt 210, Tampa, Florida, 33606', lat: 27.938, lng: -82.483 },
  { address: '6901 N 56th St, Tampa, Florida, 33610', lat: 28.013, lng: -82.393 },
];
const OTHER_CUSTOMERS: Record<string, Place[]> = {
  'St. Petersburg': [
    { address: '200 Central Ave, St. Petersburg, Florida, 33701', lat: 27.771, lng: -82.638 },
    { address: '1500 4th St N, St. Petersburg, Florida, 33704', lat: 27.788, lng: -82.639 },
    { address: '2901 MLK Jr St N, St. Petersburg, Florida, 33704', lat: 27.7985, lng: -82.6458 },
  ],
  Brandon: [
    { address: '900 Lithia Pinecrest Rd, Brandon, Florida, 33511', lat: 27.929, lng: -82.29 },
    { address: '2010 Bloomingdale Ave, Valrico, Florida, 33596', lat: 27.894, lng: -82.2565 },
  ],
};
const PEOPLE = [
  ['Olivia Martin', 'Brightline Legal'],
  ['Noah Thompson', null],
  ['Ava Robinson', 'Westshore Dental'],
  ['Liam Clark', null],
  ['Isabella Lewis', 'Ybor Studios'],
  ['Ethan Walker', null],
  ['Mia Hall', 'Channel Tech'],
  ['Lucas Young', null],
  ['Charlotte King', 'Harbour Island HOA'],
  ['Henry Wright', null],
  ['Amelia Scott', 'Tampa Bay Events'],
  ['James Green', null],
] as const;

const RESTAURANT_PATH: OrderStatus[] = [
  'assigned',
  'courier_confirmed',
  'courier_on_way_to_pickup',
  'arrived_at_pickup',
  'picked_up',
  'on_way_to_customer',
  'arrived_at_customer',
  'setup_in_progress',
  'delivered',
];
const PHARMACY_PATH: OrderStatus[] = [
  'assigned',
  'awaiting_pharmacy_pickup',
  'courier_on_way_to_pharmacy',
  'arrived_at_pharmacy',
  'pharmacy_picked_up',
  'in_pharmacy_delivery',
  'delivered',
];

interface OrderPlan {
  business: string;
  status: OrderStatus;
  courier?: string;
  /** pickup time relative to now */
  pickupIn: number;
  amount: number;
  tip: number;
  stops?: number;
  setup?: boolean;
  vehicles?: OrderVehicleType[];
}

/** About 40 orders; each status appears at least once. */
function orderPlans(): OrderPlan[] {
  const h = HOUR;
  const d = DAY;
  return [
    // Waiting for the dispatcher.
    { business: 'bistro', status: 'new', pickupIn: 3 * h, amount: 24500, tip: 2000, setup: true, vehicles: ['suv', 'minivan'] },
    { business: 'bistro', status: 'new', pickupIn: 26 * h, amount: 8900, tip: 0 },
    { business: 'sunset', status: 'new', pickupIn: 5 * h, amount: 56000, tip: 5000, setup: true },
    { business: 'gulfgrill', status: 'pending_restaurant', pickupIn: 6 * h, amount: 13200, tip: 1000 },
    // Offered to the Tampa zone: courier and courier2 see these as available.
    { business: 'bistro', status: 'pending_courier', pickupIn: 2 * h, amount: 38000, tip: 4000, setup: true },
    { business: 'bistro', status: 'pending_courier', pickupIn: 4 * h, amount: 15500, tip: 1500 },
    { business: 'sunset', status: 'pending_courier', pickupIn: 3 * h, amount: 41000, tip: 3000 },
    // Held by the demo couriers, not yet online.
    { business: 'bistro', status: 'assigned', courier: 'courier', pickupIn: 60 * MINUTE, amount: 31000, tip: 2500, setup: true },
    { business: 'bistro', status: 'courier_confirmed', courier: 'courier', pickupIn: 5 * h, amount: 12000, tip: 1000 },
    { business: 'bistro', status: 'assigned', courier: 'courier2', pickupIn: 30 * MINUTE, amount: 9900, tip: 500 },
    { business: 'pharmacy', status: 'assigned', courier: 'courier2', pickupIn: 45 * MINUTE, amount: 18000, tip: 1200, stops: 3 },
    { business: 'pharmacy', status: 'courier_confirmed', courier: 'courier', pickupIn: 28 * h, amount: 9500, tip: 0, stops: 2 },
    { business: 'gulfgrill', status: 'courier_rejected', pickupIn: 2 * h, amount: 7600, tip: 800 },
    // Under way with other couriers.
    { business: 'sunset', status: 'courier_on_way_to_pickup', courier: 'courier3', pickupIn: 20 * MINUTE, amount: 27000, tip: 2000 },
    { business: 'sunset', status: 'arrived_at_pickup', courier: 'courier3', pickupIn: 5 * MINUTE, amount: 19900, tip: 1500 },
    { business: 'gulfgrill', status: 'picked_up', courier: 'courier4', pickupIn: -10 * MINUTE, amount: 14500, tip: 1200 },
    { business: 'gulfgrill', status: 'on_way_to_customer', courier: 'courier4', pickupIn: -20 * MINUTE, amount: 22000, tip: 2500 },
    { business: 'sunset', status: 'arrived_at_customer', courier: 'courier3', pickupIn: -45 * MINUTE, amount: 64000, tip: 6000, setup: true },
    { business: 'sunset', status: 'setup_in_progress', courier: 'courier3', pickupIn: -50 * MINUTE, amount: 88000, tip: 8000, setup: true },
    { business: 'carefirst', status: 'awaiting_pharmacy_pickup', courier: 'courier3', pickupIn: 50 * MINUTE, amount: 21000, tip: 1000, stops: 3 },
    { business: 'carefirst', status: 'courier_on_way_to_pharmacy', courier: 'courier3', pickupIn: 15 * MINUTE, amount: 12500, tip: 0, stops: 2 },
    { business: 'carefirst', status: 'arrived_at_pharmacy', courier: 'courier3', pickupIn: 5 * MINUTE, amount: 8800, tip: 500, stops: 2 },
    { business: 'carefirst', status: 'pharmacy_picked_up', courier: 'courier3', pickupIn: -15 * MINUTE, amount: 16400, tip: 800, stops: 3 },
    { business: 'carefirst', status: 'in_pharmacy_delivery', courier: 'courier3', pickupIn: -40 * MINUTE, amount: 30500, tip: 2000, stops: 4 },
    // Done.
    { business: 'bistro', status: 'delivered', courier: 'courier', pickupIn: -1 * d, amount: 42000, tip: 5000, setup: true },
    { business: 'bistro', status: 'delivered', courier: 'courier', pickupIn: -2 * d - 3 * h, amount: 12800, tip: 1500 },
    { business: 'bistro', status: 'delivered', courier: 'courier2', pickupIn: -3 * d, amount: 67500, tip: 7000, setup: true },
    { business: 'bistro', status: 'delivered', courier: 'courier', pickupIn: -5 * d, amount: 9300, tip: 0 },
    { business: 'bistro', status: 'delivered', courier: 'courier2', pickupIn: -8 * d, amount: 25400, tip: 3000 },
    { business: 'sunset', status: 'delivered', courier: 'courier3', pickupIn: -4 * d, amount: 125000, tip: 10000, setup: true },
    { business: 'gulfgrill', status: 'delivered', courier: 'courier4', pickupIn: -6 * d, amount: 18800, tip: 2000 },
    { business: 'pharmacy', status: 'delivered', courier: 'courier2', pickupIn: -2 * d, amount: 14200, tip: 1000, stops: 3 },
    { business: 'pharmacy', status: 'delivered', courier: 'courier', pickupIn: -9 * d, amount: 7700, tip: 0, stops: 2 },
    { business: 'pharmacy', status: 'pharmacy_completed', courier: 'courier2', pickupIn: -12 * d, amount: 11100, tip: 700, stops: 2 },
    { business: 'carefirst', status: 'pharmacy_completed', courier: 'courier3', pickupIn: -7 * d, amount: 19600, tip: 1200, stops: 3 },
    // Cancelled and missed.
    { business: 'bistro', status: 'cancelled', pickupIn: -1 * d - 4 * h, amount: 15000, tip: 1000 },
    { business: 'gulfgrill', status: 'cancelled', pickupIn: -3 * d, amount: 8000, tip: 0 },
    { business: 'pharmacy', status: 'cancelled', pickupIn: -5 * d, amount: 6000, tip: 0, stops: 2 },
    { business: 'bistro', status: 'missed_pickup', courier: 'courier5', pickupIn: -3 * h, amount: 21500, tip: 2000 },
    { business: 'sunset', status: 'missed_pickup', courier: 'courier3', pickupIn: -1 * d - 2 * h, amount: 17500, tip: 1500 },
  ];
}

/** The milestone times an order in `status` would carry, stamped along its path. */
function milestonesFor(status: OrderStatus, pharmacy: boolean, pickup: number, delivery: number): Partial<Record<MilestoneField, number>> {
  const path = pharmacy ? PHARMACY_PATH : RESTAURANT_PATH;
  const reached = path.indexOf(status);
  const at: Partial<Record<OrderStatus, number>> = {
    courier_on_way_to_pickup: pickup - 30 * MINUTE,
    courier_on_way_to_pharmacy: pickup - 30 * MINUTE,
    arrived_at_pickup: pickup - 5 * MINUTE,
    arrived_at_pharmacy: pickup - 5 * MINUTE,
    picked_up: pickup + 5 * MINUTE,
    pharmacy_picked_up: pickup + 5 * MINUTE,
    on_way_to_customer: pickup + 5 * MINUTE + 1000,
    in_pharmacy_delivery: pickup + 25 * MINUTE,
    arrived_at_customer: delivery - 10 * MINUTE,
    setup_in_progress: delivery - 8 * MINUTE,
    delivered: delivery,
  };
  const stamps: Partial<Record<MilestoneField, number>> = {};
  path.slice(0, reached + 1).forEach((step) => {
    for (const field of MILESTONES[step] ?? []) stamps[field] ??= at[step];
  });
  return stamps;
}

interface Seeded {
  now: number;
  random: () => number;
  passwordHash: string;
  zoneId: (name: string) => number;
  dayOffset: (days: number) => string;
}

export async function seedDemo(db: Db, now = Date.now()): Promise<void> {
  const today = new Date(now);
  const zoneRows = await db
    .insert(schema.zones)
    .values(ZONES.map((zone) => ({ ...zone, isActive: true })))
    .returning();
  const seeded: Seeded = {
    now,
    random: mulberry32(20261121),
    passwordHash: await hashPassword(DEMO_PASSWORD),
    zoneId: (name) => zoneRows.find((zone: schema.Zone) => zone.name === name)!.id,
    dayOffset: (days) => new Date(today.getTime() + days * DAY).toISOString().slice(0, 10),
  };
  await db.insert(schema.users).values({ username: 'admin', passwordHash: seeded.passwordHash, role: 'admin', name: 'Dana Whitfield', phone: '8135550001' });
  const businessRows = await seedBusinesses(db, seeded);
  const courierRows = await seedCouriers(db, seeded);
  let personIndex = 0;
  for (const [index, plan] of orderPlans().entries()) personIndex = await seedOrder(db, { plan, index, personIndex, businessRows, courierRows, now });
  await settleSeededEvents(db);
}

async function seedBusinesses(db: Db, { passwordHash, zoneId }: Seeded): Promise<Map<string, schema.Restaurant>> {
  const businessRows = new Map<string, schema.Restaurant>();
  for (const business of BUSINESSES) {
    const [user] = await db
      .insert(schema.users)
      .values({
        username: business.username,
        passwordHash,
        role: 'restaurant',
        name: business.name,
        phone: business.phone,
        address: business.place.address,
        zoneId: zoneId(business.zone),
        isActive: business.active,
      })
      .returning();
    const [restaurant] = await db
      .insert(schema.restaurants)
      .values({
        userId: user.id,
        name: business.name,
        address: business.place.address,
        phone: business.phone,
        zoneId: zoneId(business.zone),
        customerType: business.type,
        latitude: business.place.lat,
        longitude: business.place.lng,
        contactPersonName: business.contact[0],
        contactPersonPosition: business.contact[1],
        contactPersonPhone: business.contact[2],
        contactPersonEmail: business.contact[3],
        businessHours: business.hours,
        deliveryInstructions: business.instructions,
        // The demo's two sign-in businesses can try the integrations API at once (issue 17).
        apiEnabled: 'api' in business && business.api,
      })
      .returning();
    businessRows.set(business.username, restaurant);
  }

  return businessRows;
}

async function seedCouriers(db: Db, { passwordHash, zoneId, dayOffset, random, now }: Seeded): Promise<Map<string, schema.Courier>> {
  const courierRows = new Map<string, schema.Courier>();
  for (const courier of COURIERS) {
    const [user] = await db
      .insert(schema.users)
      .values({
        username: courier.username,
        passwordHash,
        role: 'courier',
        name: courier.name,
        phone: courier.phone,
        zoneId: zoneId(courier.zone),
        isActive: courier.active,
      })
      .returning();
    const [row] = await db
      .insert(schema.couriers)
      .values({
        userId: user.id,
        zoneId: zoneId(courier.zone),
        address: `${100 + courier.phone.slice(-2).charCodeAt(0)} Palm Ave, ${courier.zone}, FL`,
        email: `${courier.username}@couriers.example`,
        vehicleType: courier.vehicle[0],
        vehicleMake: courier.vehicle[1],
        vehicleModel: courier.vehicle[2],
        vehicleYear: courier.vehicle[3],
        driversLicense: `FL-${courier.phone.slice(-4)}-${courier.username.length}29`,
        driversLicenseExpiry: dayOffset(courier.license),
        insurance: `INS-${courier.phone.slice(-6)}`,
        insuranceExpiry: dayOffset(courier.insurance),
        driversLicenseVerified: true,
        insuranceVerified: courier.insurance > 0,
        hasThermoBags: true,
        hasCateringDolly: courier.vehicle[0] !== 'sedan',
        hasIsothermalBoxes: courier.username !== 'courier5',
        hasQuickDeliveryEquipment: courier.username === 'courier',
        courierLatitude: courier.at?.lat ?? null,
        courierLongitude: courier.at?.lng ?? null,
        lastLocationUpdateTime: courier.at ? now - Math.floor(random() * 40) * MINUTE : null,
      })
      .returning();
    courierRows.set(courier.username, row);
  }

  return courierRows;
}

/** One demo order (and its stops and history) from its plan; answers the next person's index. */
async function seedOrder(
  db: Db,
  {
    plan,
    index,
    personIndex,
    businessRows,
    courierRows,
    now,
  }: {
    plan: ReturnType<typeof orderPlans>[number];
    index: number;
    personIndex: number;
    businessRows: Map<string, schema.Restaurant>;
    courierRows: Map<string, schema.Courier>;
    now: number;
  },
): Promise<number> {
  const restaurant = businessRows.get(plan.business)!;
  const pharmacy = restaurant.customerType === 'pharmacy';
  const zoneName = BUSINESSES.find((business) => business.username === plan.business)!.zone;
  const places = zoneName === 'Tampa' ? TAMPA_CUSTOMERS : OTHER_CUSTOMERS[zoneName];
  const pickup = roundToFive(now + plan.pickupIn);
  const delivery = pickup + (pharmacy ? 2 * HOUR : HOUR);
  const courier = plan.courier ? courierRows.get(plan.courier)! : null;
  const stops = Array.from({ length: plan.stops ?? 0 }, (_, i) => {
    const [name] = PEOPLE[(personIndex + i) % PEOPLE.length];
    return { name, phone: `81355509${String((index * 7 + i) % 100).padStart(2, '0')}`, place: places[(index + i) % places.length] };
  });
  const [customerName, company] = stops.length ? [stops[0].name, null] : PEOPLE[personIndex % PEOPLE.length];
  personIndex += Math.max(1, stops.length);
  const customer = stops.length ? stops[0].place : places[index % places.length];
  const miles = stops.length
    ? roundMiles(estimatedRoadMiles([{ lat: restaurant.latitude!, lng: restaurant.longitude! }, ...stops.map((stop) => stop.place)]))
    : null;
  const deliveryFee = miles != null ? distanceDeliveryFee(miles) : singleOrderDeliveryFee(plan.amount);
  const tip = plan.tip;
  const held = courier != null || !['new', 'pending_restaurant', 'cancelled'].includes(plan.status);
  const stamps = milestonesFor(plan.status, pharmacy, pickup, delivery);
  const completed = plan.status === 'delivered' || plan.status === 'pharmacy_completed';

  const [order] = await db
    .insert(schema.orders)
    .values({
      orderNumber: String(10001 + index),
      internalOrderNumber: `${pharmacy ? 'RX' : 'HB'}-${String(4200 + index * 3)}`,
      status: plan.status,
      restaurantId: restaurant.id,
      restaurantName: restaurant.name,
      restaurantAddress: restaurant.address,
      restaurantPhone: restaurant.phone,
      courierId: courier?.id ?? null,
      zoneId: restaurant.zoneId,
      customerName,
      customerPhone: stops[0]?.phone ?? `81355508${String(index).padStart(2, '0')}`,
      // Some catering customers give an email too (decision K14).
      customerEmail: !stops.length && index % 3 === 0 ? `${customerName.split(' ')[0].toLowerCase()}@example.com` : null,
      customerAddress: customer.address,
      customerStreet: customer.address.split(',')[0],
      customerCity: stops.length ? '' : (customer.address.split(',').at(-3)?.trim() ?? 'Tampa'),
      customerState: stops.length ? '' : 'Florida',
      customerZip: stops.length ? '' : (customer.address.split(',').at(-1)?.trim() ?? ''),
      customerApartment: customer.address.includes('Apt') ? '210' : null,
      customerLatitude: customer.lat,
      customerLongitude: customer.lng,
      customerCompany: company,
      deliveryInstructions: plan.setup ? 'Set up buffet on the main conference table; call on arrival.' : index % 3 === 0 ? 'Leave with the front desk.' : null,
      setupRequired: plan.setup ?? false,
      requiredVehicleTypes: plan.vehicles ?? ['sedan'],
      items: [{ name: pharmacy ? 'Pharmacy Order' : 'Order', quantity: 1, price: plan.amount, notes: null }],
      amountCents: plan.amount,
      deliveryFeeCents: deliveryFee,
      tipCents: tip,
      courierPayCents: held ? courierPay(deliveryFee, tip) : null,
      totalDistanceMiles: miles,
      calculatedDeliveryFeeCents: miles != null ? deliveryFee : null,
      pickupTime: pickup,
      deliveryTime: delivery,
      ...stamps,
      completedAt: completed ? delivery : null,
      deliveryNotes: completed ? (stops.length ? 'All stops delivered' : 'Handed to reception.') : null,
      createdAt: pickup - 26 * HOUR,
      updatedAt: Math.min(now, completed ? delivery : now),
    })
    .returning();

  if (stops.length) {
    const delivered = stopsDelivered(plan.status, stops.length);
    await db.insert(schema.orderStops).values(
      stops.map((stop, i) => ({
        orderId: order.id,
        sequence: i + 1,
        customerName: stop.name,
        customerPhone: stop.phone,
        address: stop.place.address,
        latitude: stop.place.lat,
        longitude: stop.place.lng,
        deliveryInstructions: i === 0 ? 'Ring the bell; signature needed.' : null,
        status: i < delivered ? ('delivered' as const) : i === delivered && plan.status === 'in_pharmacy_delivery' ? ('on_way' as const) : ('pending' as const),
        arrivedTime: i < delivered ? delivery - (stops.length - i) * 15 * MINUTE - 2 * MINUTE : null,
        deliveredTime: i < delivered ? delivery - (stops.length - i) * 15 * MINUTE : null,
        deliveryNotes: i < delivered ? 'Left with the recipient.' : null,
      })),
    );
  }

  await db.insert(schema.orderEvents).values([
    { orderId: order.id, at: pickup - 26 * HOUR, actorRole: 'restaurant', actorUserId: restaurant.userId, action: 'create', toStatus: 'new' },
    ...(plan.status === 'new'
      ? []
      : [
          {
            orderId: order.id,
            at: Math.min(now, pickup),
            actorRole: 'system' as const,
            action: 'seed',
            fromStatus: 'new',
            toStatus: plan.status,
            detail: 'Demo data',
          },
        ]),
  ]);
  return personIndex;
}

/**
 * `npm start`'s demo: the two sign-in businesses text their customers (issue 16); with no
 * SMS provider the admin's Messages log shows each as "not sent: no provider". The test
 * stack leaves them off, so the suites' many demo orders make no messages.
 */
export async function enableDemoMessages(db: Db): Promise<void> {
  const rows = await db
    .select({ id: schema.restaurants.id })
    .from(schema.restaurants)
    .innerJoin(schema.users, eq(schema.users.id, schema.restaurants.userId))
    .where(inArray(schema.users.username, ['bistro', 'pharmacy']));
  for (const { id } of rows)
    await saveMessageSettings(
      db,
      id,
      MESSAGE_KINDS.map((kind) => ({ kind, enabled: true, template: DEFAULT_TEMPLATES[kind] })),
    );
}

/**
 * `npm start`'s demo: the Tampa zone, where the demo couriers work, dispatches itself (issue 30,
 * decision W12): a new order there is offered to the best courier online alone, then the next,
 * then the zone, and the dispatcher hears only of what nobody took. The other zones stay manual,
 * so the dispatcher's console shows both. The test stack leaves every zone manual.
 */
export async function enableDemoAutopilot(db: Db): Promise<void> {
  await db
    .update(schema.zones)
    .set({ dispatchMode: 'auto_offer', autopilotSettings: numbersOf({ ...DEFAULT_AUTOPILOT_SETTINGS, mode: 'auto_offer', offerSeconds: 60, maxLoad: 6 }) })
    .where(eq(schema.zones.name, 'Tampa'));
}

function stopsDelivered(status: OrderStatus, count: number): number {
  if (status === 'delivered' || status === 'pharmacy_completed') return count;
  if (status === 'in_pharmacy_delivery') return 1;
  return 0;
}

function roundToFive(time: number): number {
  return Math.round(time / (5 * MINUTE)) * 5 * MINUTE;
}

/** A small seeded PRNG, so the demo is the same on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('Set DATABASE_URL to the database to seed.');
    process.exit(2);
  }
  if (!isLocalDatabase(url) && !process.argv.includes('--allow-remote')) {
    console.error(`Refusing to seed ${new URL(url).host}: it is not a local database. Add --allow-remote if you mean it.`);
    process.exit(2);
  }
  const db = createDb(url, process.env.DATABASE_AUTH_TOKEN, 60_000);
  if (await isSeeded(db)) {
    console.log('The database already has users; demo data is seeded only once.');
  } else {
    await seedDemo(db);
    console.log('Demo data seeded.');
  }
}
