/**
 * A route of 100 stops (issue 32), on a 390 px phone: the pharmacy pastes its list (then
 * opens it as a CSV file) into the multi-stop form, has the order optimized and creates
 * it; its courier, ten stops in, has the 90 left optimized from where they stand.
 */
import { asc, eq } from 'drizzle-orm';
import { orders, orderStops } from '../../src/db/schema';
import { signInNewCourier, standAt, toast } from './courier';
import { expect, islandsHydrated, signIn, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** Tampa's ZIP codes: without the maps service the server places each stop at its ZIP's centre. */
const ZIPS = ['33602', '33603', '33604', '33605', '33606', '33607', '33609', '33610', '33611', '33612', '33613', '33614', '33615'];
const ZIPS_MORE = ['33616', '33617', '33618', '33619', '33620', '33621', '33624', '33625', '33626', '33629', '33634', '33635', '33637', '33647'];
const zips = [...ZIPS, ...ZIPS_MORE];

test('a pharmacy pastes 100 stops and creates the route; its courier re-optimizes the 90 left mid-route', async ({ page, context, db }) => {
  test.setTimeout(120_000);
  const internal = `RX-100-${Date.now()}`;
  const lines = Array.from(
    { length: 100 },
    (_, index) => `Parcel ${index + 1}, (813) 555-${String(1000 + index)}, ${200 + index} Main St, Tampa, FL ${zips[index % zips.length]}`,
  );

  await signIn(page, 'pharmacy');
  await page.goto('/restaurant/create-order');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create Multi-Stop Order' });
  await form.getByLabel('Internal Order Number').fill(internal);
  await form.getByLabel('Order Amount').fill('400');
  await form.getByText('Paste a list of stops').tap();
  // A line that cannot be read is named, and nothing is added.
  await form.getByLabel('Stops to add').fill(['Name, Phone, Address', ...lines, 'Parcel 101, 555, 1 Main St'].join('\n'));
  await form.getByRole('button', { name: 'Add Pasted Stops' }).tap();
  await expect(form.getByRole('alert')).toHaveText('Line 102: "555" is not a phone number (name, phone, then address)');
  await expect(form.getByRole('heading', { name: 'Delivery Stops (1)' })).toBeVisible();
  // The list opened from a file saved from a spreadsheet (CSV) replaces what was pasted.
  const csv = ['name,phone,address', ...lines.map((line) => line.replace(/^([^,]+), ([^,]+), (.*)$/, '"$1","$2","$3"'))].join('\n');
  await form
    .getByLabel('Or open a list saved from a spreadsheet (.csv, .txt)')
    .setInputFiles({ name: 'route.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(form.getByLabel('Stops to add')).toHaveValue(csv);
  await form.getByRole('button', { name: 'Add Pasted Stops' }).tap();
  await expect(toast(page).filter({ hasText: 'Stops Added' })).toContainText('100 delivery stops added from the list.');
  await expect(form.getByRole('heading', { name: 'Delivery Stops (100)' })).toBeVisible();
  await expect(form.getByRole('article', { name: 'Stop 100' }).getByLabel('Customer Name')).toHaveValue('Parcel 100');
  await expect(form.getByRole('button', { name: 'Add Stop' })).toBeDisabled();

  // Optimized: the modal counts the 100 stops; the cards take the new order.
  await form.getByRole('button', { name: 'Optimize order' }).tap();
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  await expect(modal.getByTestId('modal-stops')).toHaveText('100');
  await expect(modal.getByTestId('route-saving')).toContainText('Optimized order');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await form.getByRole('button', { name: 'Create Multi-Stop Order' }).tap();
  await expect(toast(page).filter({ hasText: 'Success' })).toContainText('Multi-stop order created with 100 delivery stops!');
  const [order] = await db.select().from(orders).where(eq(orders.internalOrderNumber, internal));
  const created = await db.select().from(orderStops).where(eq(orderStops.orderId, order.id)).orderBy(asc(orderStops.sequence));
  expect(created).toHaveLength(100);
  expect(created.every((stop) => stop.latitude != null && stop.longitude != null)).toBe(true);

  // Ten stops in: the courier stands at the tenth, the eleventh is on its way, the list put back in pasted order.
  const { courier } = await signInNewCourier(page, db);
  await db.update(orders).set({ courierId: courier.id, status: 'in_pharmacy_delivery' }).where(eq(orders.id, order.id));
  const pasted = [...created].sort((a, b) => Number(a.customerName.slice(7)) - Number(b.customerName.slice(7)));
  // Sequences are unique per order: out of the way first, then into place.
  for (const [index, stop] of pasted.entries())
    await db
      .update(orderStops)
      .set({ sequence: 1000 + index })
      .where(eq(orderStops.id, stop.id));
  for (const [index, stop] of pasted.entries()) {
    const status = index < 10 ? 'delivered' : index === 10 ? 'on_way' : 'pending';
    await db
      .update(orderStops)
      .set({ sequence: index + 1, status, deliveredTime: index < 10 ? Date.now() : null })
      .where(eq(orderStops.id, stop.id));
  }
  await standAt(context, { latitude: pasted[9].latitude!, longitude: pasted[9].longitude! });
  await page.goto(`/courier/dashboard?order=${order.id}`);
  await islandsHydrated(page);
  const view = page.getByRole('dialog');
  const panel = view.getByRole('region', { name: 'Stop order' });
  await panel.getByRole('button', { name: 'Optimize remaining stops' }).tap();
  await expect(toast(page)).toContainText(/Route optimized.*Saves \d+\.\d mi\./);
  const after = await db.select().from(orderStops).where(eq(orderStops.orderId, order.id)).orderBy(asc(orderStops.sequence));
  // The ten delivered keep their places; the 90 left are all there, in a new order, the first of them on its way.
  expect(after.slice(0, 10).map((stop) => stop.id)).toEqual(pasted.slice(0, 10).map((stop) => stop.id));
  expect(new Set(after.slice(10).map((stop) => stop.id))).toEqual(new Set(pasted.slice(10).map((stop) => stop.id)));
  expect(after.slice(10).map((stop) => stop.id)).not.toEqual(pasted.slice(10).map((stop) => stop.id));
  expect(after[10].status).toBe('on_way');
  await expect(view.locator('details > summary')).toHaveCount(100);
});
