/**
 * A restaurant's single orders in the browser (spec 2-business-area.md §2.4, §2.8, §2.11): it creates an
 * order from a past address and sees the fee the server charged, edits it, and cancels
 * another; the form's checks and messages.
 */
import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema';
import { insertOrder } from '../support/factories';
import { expect, islandsHydrated, signIn, test } from './fixtures';

async function openForm(page: import('@playwright/test').Page, username = 'bistro') {
  await signIn(page, username);
  await page.goto('/restaurant/create-order');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Order' })).toBeVisible();
  await islandsHydrated(page);
}

test('a restaurant creates a single order from a past address, sees the right fee, and edits it', async ({ page, db, business }) => {
  // A restaurant of its own (its dashboard lists 100 active orders; the demo bistro has more), which delivered to Kennedy Blvd before.
  await insertOrder(db, {
    business: business.username,
    status: 'delivered',
    customerAddress: '3001 W Kennedy Blvd, Tampa, Florida, 33609',
    customerStreet: '3001 W Kennedy Blvd',
    customerHouse: '3001',
    customerCity: 'Tampa',
    customerState: 'Florida',
    customerZip: '33609',
    customerLatitude: 27.9445,
    customerLongitude: -82.4903,
  });
  await openForm(page, business.username);
  const form = page.getByRole('form', { name: 'Create New Order' });
  await expect(form.getByLabel('Restaurant Name')).toHaveValue(business.restaurant.name);
  await expect(form.getByLabel('Restaurant Name')).toHaveAttribute('readonly', '');

  const internal = `HB-E2E-${Date.now()}`;
  await form.getByLabel('Internal Order Number').fill(internal);
  await form.getByLabel('Customer Name').fill('Grace Hopper');
  await form.getByLabel('Phone Number').fill('81355501234567');
  await expect(form.getByLabel('Phone Number')).toHaveValue('8135550123');
  await form.getByLabel('Company Name').fill('Navy Yard');

  // The address comes from the places the restaurant delivered to before (no maps service here).
  const address = form.getByRole('combobox', { name: 'Address' });
  await address.fill('Kennedy');
  const suggestion = page.getByRole('option', { name: /3001 W Kennedy Blvd, Tampa, Florida, 33609/ });
  await expect(suggestion).toBeVisible();
  await address.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await address.press('Enter');
  await expect(address).toHaveValue('3001 W Kennedy Blvd');
  await expect(form.getByLabel('City')).toHaveValue('Tampa');
  await expect(form.getByLabel('State')).toHaveValue('Florida');
  await expect(form.getByLabel('ZIP Code')).toHaveValue('33609');
  // No maps service here: the parts stay editable.
  await expect(form.getByLabel('City')).not.toHaveAttribute('readonly');
  await form.getByLabel('Apartment/Office (Optional)').fill('5B');

  await expect(form.getByLabel('Sedan')).toBeChecked();
  await form.getByLabel('SUV').check();
  await form.getByLabel('Setup Required at Delivery').check();

  const amount = form.getByLabel('Order Amount');
  await expect(form.getByText('Delivery fee will be calculated (10% of order amount, minimum $30)')).toBeVisible();
  await amount.fill('120');
  await expect(form.getByText('Delivery fee will be $30.00 (10% of order amount, minimum $30)')).toBeVisible();
  await amount.fill('452.50');
  await expect(form.getByText('Delivery fee will be $45.25 (10% of order amount, minimum $30)')).toBeVisible();
  await form.getByLabel('Customer Tip').fill('15');
  await expect(form.getByText('100% of tips go directly to the courier')).toBeVisible();
  await expect(form.getByLabel('Pickup Time')).not.toHaveValue('');

  await form.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order created successfully!' })).toBeVisible();
  await expect(page).toHaveURL('/restaurant');

  const [stored] = await db.select().from(orders).where(eq(orders.internalOrderNumber, internal));
  expect(stored).toMatchObject({
    status: 'new',
    customerAddress: '3001 W Kennedy Blvd, Apt 5B, Tampa, Florida, 33609',
    customerLatitude: 27.9445,
    amountCents: 45250,
    deliveryFeeCents: 4525,
    tipCents: 1500,
    requiredVehicleTypes: ['sedan', 'suv'],
    setupRequired: true,
    customerCompany: 'Navy Yard',
  });
  expect(stored.orderNumber).toBe(String(10000 + stored.id));

  // The dashboard lists it with its service fee plus tips, and the details show the fee.
  const entry = page.getByRole('listitem').filter({ hasText: `Order #${stored.orderNumber}` });
  await expect(entry).toContainText('Grace Hopper');
  await expect(entry).toContainText('$60.25');
  await entry.getByRole('button', { name: /open details/ }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${stored.orderNumber}` });
  await expect(dialog.getByText(`Restaurant Order #${internal}`)).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Payment Information' })).toContainText('Delivery Fee (10%)$45.25');
  await expect(dialog.getByText('Setup required at delivery')).toBeVisible();

  // Edit from the details: the address is split into its parts and rebuilt on save.
  await dialog.getByRole('button', { name: `Edit order #${stored.orderNumber}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Order #${stored.orderNumber}` });
  await islandsHydrated(page);
  await expect(edit.getByLabel('Address (House Number and Street)')).toHaveValue('3001 W Kennedy Blvd');
  await expect(edit.getByLabel('Apartment/Office')).toHaveValue('5B');
  await expect(edit.getByLabel('City')).toHaveValue('Tampa');
  await expect(edit.getByLabel('State')).toHaveValue('Florida');
  await expect(edit.getByLabel('ZIP Code')).toHaveValue('33609');
  await expect(edit.getByLabel('Order Amount ($)')).toHaveValue('452.50');
  await edit.getByLabel('Customer Name').fill('Grace B. Hopper');
  await edit.getByLabel('Apartment/Office').fill('');
  await edit.getByLabel('Order Amount ($)').fill('500');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The order has been updated successfully.' })).toContainText('Order updated');
  await expect(edit).toBeHidden();
  await expect(entry).toContainText('Grace B. Hopper');
  const [edited] = await db.select().from(orders).where(eq(orders.id, stored.id));
  expect(edited).toMatchObject({ customerAddress: '3001 W Kennedy Blvd, Tampa, Florida, 33609', amountCents: 50000, deliveryFeeCents: 5000 });
});

test('a restaurant cancels another order after confirming', async ({ page, db, business }) => {
  const order = await insertOrder(db, { business: business.username, status: 'assigned', customerName: 'To Be Cancelled' });
  const started = await insertOrder(db, { business: business.username, status: 'courier_on_way_to_pickup', customerName: 'Already Rolling' });
  await signIn(page, business.username);
  await page.goto('/restaurant');
  const entry = page.getByRole('listitem').filter({ hasText: `Order #${order.orderNumber}` });
  const cancel = entry.getByRole('button', { name: `Cancel order #${order.orderNumber}` });

  await cancel.click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to cancel this order?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep Order' }).click();
  await expect(confirm).toBeHidden();
  expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('assigned');

  await cancel.click();
  await page.getByRole('dialog', { name: 'Are you sure you want to cancel this order?' }).getByRole('button', { name: 'Cancel Order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order cancelled successfully' })).toBeVisible();
  await expect(entry).toHaveCount(0);
  expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'cancelled', courierId: null });

  // Once the courier has set off, cancelling is not offered.
  const rolling = page.getByRole('listitem').filter({ hasText: `Order #${started.orderNumber}` });
  await expect(rolling.getByRole('button', { name: `Cancel order #${started.orderNumber}` })).toBeDisabled();
});

test('the form refuses missing fields, a blank street and a malformed ZIP', async ({ page }) => {
  let creates = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/orders')) creates++;
  });
  await openForm(page);
  const form = page.getByRole('form', { name: 'Create New Order' });
  await form.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' })).toBeVisible();
  await expect(form.getByLabel('Customer Name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await form.getByLabel('Internal Order Number').fill('HB-TYPED');
  await form.getByLabel('Customer Name').fill('Typed Address');
  await form.getByLabel('Phone Number').fill('8135550000');
  await form.getByLabel('Order Amount').fill('50');
  await form.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter the address (house number and street name)' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('combobox', { name: 'Address' }).fill('99 Nowhere Street');
  await form.getByLabel('ZIP Code').fill('336');
  await form.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'ZIP Code must be 5 digits (or 5+4)' })).toBeVisible();
  await expect(form.getByLabel('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
  expect(creates).toBe(0);
});

test('the server’s reason is shown when creating fails', async ({ page }) => {
  await openForm(page);
  const form = page.getByRole('form', { name: 'Create New Order' });
  await form.getByLabel('Internal Order Number').fill('HB-NOVEHICLE');
  await form.getByLabel('Customer Name').fill('No Vehicle');
  await form.getByLabel('Phone Number').fill('8135550000');
  await form.getByLabel('Order Amount').fill('50');
  await form.getByRole('combobox', { name: 'Address' }).fill('Franklin');
  await page.getByRole('option', { name: /1201 N Franklin St/ }).click();
  await form.getByLabel('Sedan').uncheck();
  await form.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'At least one vehicle type is required' })).toBeVisible();
  await expect(page).toHaveURL('/restaurant/create-order');
});
