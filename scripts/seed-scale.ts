/**
 * npm run seed:scale — a dataset the size of a grown dispatch company, for the benchmark:
 * 100,000 orders over the last year, 500 couriers, 200 businesses (one in ten a pharmacy
 * with multi-stop orders), their stops and history in proportion, on top of the demo
 * data (so the demo accounts still sign in). It goes to a separate local database
 * (bench/.data/sqld), never to the one `npm start` uses.
 *
 *   npm run seed:scale                          builds it if it is not there yet
 *   npm run seed:scale -- --fresh               rebuilds it
 *   npm run seed:scale -- --orders 1000000      a city-wide company (issue 31): couriers and
 *                                               businesses in proportion, in a database of its
 *                                               own (bench/.data/sqld-1000000)
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/auth/password';
import { createDb, type Db } from '../src/db/client';
import { settleSeededEvents } from '../src/db/outbox';
import { couriers, orderEvents, orders, orderStops, restaurants, users, zones } from '../src/db/schema';
import { courierPay, distanceDeliveryFee, roundMiles, singleOrderDeliveryFee } from '../src/domain/fees';
import { estimatedRoadMiles } from '../src/domain/geo';
import type { OrderStatus } from '../src/domain/orderStatus';
import { ROOT, startSqld, type Running } from './lib/stack';
import { migrateDatabase } from './migrate';
import { DEMO_PASSWORD, isSeeded, seedDemo } from './seed';

/** The benchmark's usual size; other sizes keep its proportions (5 couriers and 2 businesses per 1,000 orders a year). */
const DEFAULT_ORDERS = 100_000;

export interface Scale {
  orders: number;
  couriers: number;
  businesses: number;
  days: number;
  dataDir: string;
}

/** The dataset of `orders` orders over a year, and where its database lives. */
export function scaleOf(orders = DEFAULT_ORDERS): Scale {
  const per = orders / DEFAULT_ORDERS;
  return {
    orders,
    couriers: Math.round(500 * per),
    businesses: Math.round(200 * per),
    days: 365,
    dataDir: join(ROOT, orders === DEFAULT_ORDERS ? 'bench/.data/sqld' : `bench/.data/sqld-${orders}`),
  };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CHUNK = 400;

/** A seeded PRNG: the same dataset on every machine. */
function prng(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Statuses of an order by age: old orders are finished, today's are in every active state. */
const ACTIVE: OrderStatus[] = [
  'new',
  'pending_courier',
  'assigned',
  'courier_confirmed',
  'courier_on_way_to_pickup',
  'arrived_at_pickup',
  'picked_up',
  'on_way_to_customer',
  'arrived_at_customer',
];
function statusFor(ageDays: number, pharmacy: boolean, roll: number): OrderStatus {
  if (ageDays < 0.5) return ACTIVE[Math.floor(roll * ACTIVE.length)];
  if (roll < 0.07) return 'cancelled';
  if (roll < 0.08) return 'missed_pickup';
  return pharmacy && roll < 0.5 ? 'pharmacy_completed' : 'delivered';
}

type Random = ReturnType<typeof prng>;

async function seedScale(db: Db, scale: Scale, now = Date.now()): Promise<void> {
  const random = prng(100_000);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  if (!(await isSeeded(db))) await seedDemo(db, now);
  const zoneIds = (await db.select({ id: zones.id }).from(zones)).map((zone) => zone.id);
  const businessRows = await seedScaleBusinesses(db, scale, random, passwordHash, zoneIds);
  const courierIds = await seedScaleCouriers(db, scale, random, passwordHash, zoneIds, now);
  await seedScaleOrders(db, scale, random, businessRows, courierIds, now);
  await settleSeededEvents(db);
}

/** Users a chunk at a time (a statement takes a bounded number of variables), in order. */
async function insertUsers(db: Db, rows: Array<typeof users.$inferInsert>): Promise<Array<{ id: number; zoneId: number | null }>> {
  const made: Array<{ id: number; zoneId: number | null }> = [];
  await insertChunks(rows, async (chunk) => made.push(...(await db.insert(users).values(chunk).returning({ id: users.id, zoneId: users.zoneId }))));
  return made;
}

async function seedScaleBusinesses(
  db: Db,
  scale: Scale,
  random: Random,
  passwordHash: string,
  zoneIds: number[],
): Promise<Array<typeof restaurants.$inferSelect>> {
  const businessUsers = await insertUsers(
    db,
    Array.from({ length: scale.businesses }, (_, i) => ({
      username: `biz${i}`,
      passwordHash,
      role: 'restaurant' as const,
      name: `Business ${i}`,
      phone: '8135551000',
    })),
  );
  const businessRows: Array<typeof restaurants.$inferSelect> = [];
  await insertChunks(businessUsers, async (chunk) => {
    businessRows.push(
      ...(await db
        .insert(restaurants)
        .values(
          chunk.map((user, i) => {
            const pharmacy = (businessRows.length + i) % 10 === 0;
            return {
              userId: user.id,
              name: `${pharmacy ? 'Pharmacy' : 'Kitchen'} ${user.id}`,
              address: `${100 + user.id} Main St, Tampa, FL 33602`,
              phone: '8135551000',
              zoneId: random.pick(zoneIds),
              customerType: pharmacy ? ('pharmacy' as const) : ('restaurant' as const),
              latitude: 27.9 + random.next() * 0.12,
              longitude: -82.52 + random.next() * 0.12,
            };
          }),
        )
        .returning()),
    );
  });

  return businessRows;
}

async function seedScaleCouriers(db: Db, scale: Scale, random: Random, passwordHash: string, zoneIds: number[], now: number): Promise<number[]> {
  const courierUsers = await insertUsers(
    db,
    Array.from({ length: scale.couriers }, (_, i) => ({
      username: `driver${i}`,
      passwordHash,
      role: 'courier' as const,
      name: `Driver ${i}`,
      phone: '8135552000',
      zoneId: random.pick(zoneIds),
    })),
  );
  const courierIds: number[] = [];
  await insertChunks(courierUsers, async (chunk) => {
    const rows = await db
      .insert(couriers)
      .values(
        chunk.map((user) => ({
          userId: user.id,
          zoneId: user.zoneId!,
          address: 'Tampa, FL',
          email: `driver${user.id}@scale.test`,
          vehicleMake: 'Toyota',
          vehicleModel: 'Camry',
          vehicleYear: '2022',
          driversLicense: 'FL',
          driversLicenseExpiry: '2099-01-01',
          insurance: 'INS',
          insuranceExpiry: '2099-01-01',
          courierLatitude: 27.9 + random.next() * 0.12,
          courierLongitude: -82.52 + random.next() * 0.12,
          lastLocationUpdateTime: now - random.int(0, 3600) * 1000,
        })),
      )
      .returning({ id: couriers.id });
    courierIds.push(...rows.map((row) => row.id));
  });

  return courierIds;
}

async function seedScaleOrders(
  db: Db,
  scale: Scale,
  random: Random,
  businessRows: Array<typeof restaurants.$inferSelect>,
  courierIds: number[],
  now: number,
): Promise<void> {
  const [{ maxId }] = await db.select({ maxId: sql<number>`coalesce(max(${orders.id}), 0)` }).from(orders);
  let nextOrderNumber = 10_000 + maxId + 1;
  for (let done = 0; done < scale.orders; done += CHUNK) {
    const batch = Array.from({ length: Math.min(CHUNK, scale.orders - done) }, () =>
      scaleOrder(random, scale, random.pick(businessRows), courierIds, String(nextOrderNumber++), now),
    );
    const inserted = await db
      .insert(orders)
      .values(batch.map((item) => item.order))
      .returning({ id: orders.id, status: orders.status, createdAt: orders.createdAt, restaurantId: orders.restaurantId });
    const stopRows = inserted.flatMap((order, i) =>
      batch[i].stopPoints.map((point, index) => ({
        orderId: order.id,
        sequence: index + 1,
        customerName: `Patient ${index + 1}`,
        customerPhone: '8135554000',
        address: `${index + 10} Palm Ave, Tampa, Florida`,
        latitude: point.lat,
        longitude: point.lng,
        status: order.status === 'delivered' || order.status === 'pharmacy_completed' ? ('delivered' as const) : ('pending' as const),
      })),
    );
    if (stopRows.length) await insertChunks(stopRows, (chunk) => db.insert(orderStops).values(chunk));
    await db
      .insert(orderEvents)
      .values(
        inserted.flatMap((order) => [
          { orderId: order.id, at: order.createdAt, actorRole: 'restaurant' as const, action: 'create', toStatus: 'new' },
          ...(order.status === 'new'
            ? []
            : [{ orderId: order.id, at: order.createdAt + HOUR, actorRole: 'system' as const, action: 'seed', fromStatus: 'new', toStatus: order.status }]),
        ]),
      );
  }
}

/** One order of the scale dataset, and the points of its stops (a pharmacy's route). */
function scaleOrder(random: Random, scale: Scale, business: typeof restaurants.$inferSelect, courierIds: number[], orderNumber: string, now: number) {
  const pharmacy = business.customerType === 'pharmacy';
  // More orders recently than a year ago, as a growing company has.
  const ageDays = scale.days * random.next() ** 1.6;
  const pickupTime = Math.round((now - ageDays * DAY + 2 * HOUR) / 60_000) * 60_000;
  const deliveryTime = pickupTime + (pharmacy ? 2 : 1) * HOUR;
  const status = statusFor(ageDays, pharmacy, random.next());
  const amount = random.int(40, 900) * 100 + random.int(0, 99);
  const tip = random.next() < 0.3 ? 0 : random.int(2, 60) * 100;
  const stops = pharmacy ? random.int(2, 4) : 0;
  const stopPoints = Array.from({ length: stops }, () => ({ lat: 27.88 + random.next() * 0.16, lng: -82.55 + random.next() * 0.16 }));
  const miles = stops ? roundMiles(estimatedRoadMiles([{ lat: business.latitude!, lng: business.longitude! }, ...stopPoints])) : null;
  const fee = miles != null ? distanceDeliveryFee(miles) : singleOrderDeliveryFee(amount);
  const held = !['new', 'pending_courier', 'cancelled'].includes(status);
  const completed = status === 'delivered' || status === 'pharmacy_completed';
  return {
    stopPoints,
    order: {
      orderNumber,
      internalOrderNumber: `INT-${random.int(1000, 99999)}`,
      status,
      restaurantId: business.id,
      restaurantName: business.name,
      restaurantAddress: business.address,
      restaurantPhone: business.phone,
      courierId: held ? random.pick(courierIds) : null,
      zoneId: business.zoneId,
      customerName: `Customer ${random.int(1, 50_000)}`,
      customerPhone: '8135553000',
      customerAddress: `${random.int(1, 9999)} Bay St, Tampa, Florida, 33606`,
      customerLatitude: stopPoints[0]?.lat ?? 27.88 + random.next() * 0.16,
      customerLongitude: stopPoints[0]?.lng ?? -82.55 + random.next() * 0.16,
      requiredVehicleTypes: ['sedan' as const],
      items: [{ name: pharmacy ? 'Pharmacy Order' : 'Order', quantity: 1, price: amount }],
      amountCents: amount,
      deliveryFeeCents: fee,
      tipCents: tip,
      courierPayCents: held ? courierPay(fee, tip) : null,
      totalDistanceMiles: miles,
      calculatedDeliveryFeeCents: miles != null ? fee : null,
      pickupTime,
      deliveryTime,
      goOnlineTime: completed ? pickupTime - 30 * 60_000 : null,
      pickedUpTime: completed ? pickupTime + 5 * 60_000 : null,
      arrivedAtCustomerTime: completed ? deliveryTime - 10 * 60_000 : null,
      completedAt: completed ? deliveryTime : null,
      createdAt: pickupTime - DAY,
      updatedAt: Math.min(now, completed ? deliveryTime : pickupTime),
    },
  };
}

/**
 * Folds the WAL the last run left into the database file, with sqld stopped: its own
 * checkpoints are off for the benchmark (below), and it leaves the WAL behind when it stops.
 */
async function checkpointWhileStopped(scale: Scale): Promise<void> {
  const file = join(scale.dataDir, 'dbs/default/data');
  if (!existsSync(`${file}-wal`)) return;
  const client = createClient({ url: pathToFileURL(file).href });
  try {
    await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    client.close();
  }
}

/**
 * sqld on the scale database. Under the benchmark's concurrent writes, sqld 0.24.32's
 * write-lock manager livelocks: the autocheckpoint SQLite runs after a commit that leaves the
 * WAL past 1,000 pages, and the write transactions waiting beside it, spin in
 * ManagedConnectionWalWrapper::acquire for good (gdb, 2026-11-23: 8 threads, sqld at a full
 * core, every later write refused after the Worker's 5 s; decision P19-6). So this sqld
 * checkpoints on an hourly timer instead, which turns the autocheckpoint off, and the WAL is
 * folded in while it is stopped (restartScaleDatabase, and before each start). The
 * replication log likewise compacts only past 4 GB (a compaction stalls writers for seconds).
 */
async function startScaleSqld(scale: Scale, port?: number): Promise<Running> {
  await checkpointWhileStopped(scale);
  return startSqld({ dataDir: scale.dataDir, port, logFile: `${scale.dataDir}.log`, maxLogSizeMb: 4096, checkpointIntervalS: 3600 });
}

/**
 * Stops sqld, folds the WAL into the database file and starts it again on the same port (its
 * clients keep their URL): what is measured then reads the database file, not a long WAL.
 */
export async function restartScaleDatabase(running: Running, scale: Scale): Promise<Running> {
  await running.stop();
  return startScaleSqld(scale, running.port);
}

/** Starts sqld on the scale database (building it first if needed). */
export async function startScaleDatabase(scale: Scale, options: { fresh?: boolean } = {}): Promise<Running> {
  if (options.fresh) rmSync(scale.dataDir, { recursive: true, force: true });
  const sqld = await startScaleSqld(scale);
  await migrateDatabase(sqld.url);
  const db = createDb(sqld.url, undefined, 120_000);
  const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(orders);
  if (count < scale.orders) {
    const started = Date.now();
    console.log(`Building the scale dataset (${scale.orders.toLocaleString('en-US')} orders)…`);
    await seedScale(db, scale);
    console.log(`Scale dataset built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return sqld;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { fresh: { type: 'boolean' }, orders: { type: 'string' } } });
  const scale = scaleOf(values.orders ? Number(values.orders) : undefined);
  if (!Number.isSafeInteger(scale.orders) || scale.orders <= 0) throw new Error(`--orders takes a number of orders, not "${values.orders}"`);
  const sqld = await startScaleDatabase(scale, { fresh: values.fresh });
  const db = createDb(sqld.url, undefined, 60_000);
  const counts = await db.all<{ name: string; count: number }>(sql`
    select 'orders' as name, count(*) as count from orders union all select 'order_stops', count(*) from order_stops
    union all select 'order_events', count(*) from order_events union all select 'couriers', count(*) from couriers
    union all select 'restaurants', count(*) from restaurants`);
  console.log(counts.map((row) => `${row.name}: ${row.count.toLocaleString('en-US')}`).join(', '));
  await sqld.stop();
}
