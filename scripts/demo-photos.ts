/**
 * Demo delivery photos. The seed cannot put images in R2 (only the Worker can reach its
 * local bucket), so once the Worker runs, the demo couriers' delivered restaurant orders
 * that have no photos get four each, uploaded through the API as their courier, exactly
 * as the app would. On later starts they already have photos and nothing happens.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { couriers, orders, users } from '../src/db/schema';
import { demoPhoto } from './lib/png';
import { DEMO_PASSWORD } from './seed';

const DEMO_COURIERS = ['courier', 'courier2'];
const PHOTOS_PER_ORDER = 4;

/** Signs a demo account in, answering its cookies as a Cookie header. */
export async function signIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${username} could not sign in (${response.status})`);
  // Every cookie the sign-in set (the session, its hint, the trusted device), as a browser sends them back.
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Answers how many orders got photos. */
export async function addDemoPhotos(baseUrl: string, db: Db): Promise<number> {
  const bare = await db
    .select({ id: orders.id, username: users.username })
    .from(orders)
    .innerJoin(couriers, eq(couriers.id, orders.courierId))
    .innerJoin(users, eq(users.id, couriers.userId))
    .where(
      and(
        inArray(users.username, DEMO_COURIERS),
        eq(orders.status, 'delivered'),
        isNull(orders.totalDistanceMiles),
        sql`json_array_length(${orders.deliveryPhotos}) = 0`,
      ),
    );
  for (const username of DEMO_COURIERS) {
    const mine = bare.filter((order) => order.username === username);
    if (mine.length === 0) continue;
    const cookie = await signIn(baseUrl, username);
    for (const order of mine) {
      const photos = Array.from(
        { length: PHOTOS_PER_ORDER },
        (_, i) => `data:image/png;base64,${demoPhoto(order.id * PHOTOS_PER_ORDER + i).toString('base64')}`,
      );
      const response = await fetch(`${baseUrl}/api/orders/${order.id}/delivery-photos`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ photos }),
      });
      if (!response.ok) throw new Error(`photos of order ${order.id}: ${response.status} ${await response.text()}`);
    }
  }
  return bare.length;
}
