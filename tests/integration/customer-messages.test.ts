/**
 * Customer messages (issue 16): a business's choices, sending through an SMS provider (a
 * fake Twilio the test starts) and, to customers who gave an email, an email API (the same
 * fake) in the background with retries and never twice, and "not sent: no provider" in the
 * admin's log when none is configured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWorker, type Running } from '../../scripts/lib/stack';
import { customerMessages, eventOutbox, orderStops, users } from '../../src/db/schema';
import { DEFAULT_TEMPLATES, MESSAGE_LIMITS, OVER_BUSINESS_LIMIT, OVER_RECIPIENT_LIMIT, TEMPLATE_PROBLEMS } from '../../src/domain/messages';
import { Client, signedIn, testDb, uniquePhone } from '../support/api';
import { insertHeldOrder, insertPharmacyOrder, png } from '../support/courier';
import { singleOrderBody } from '../support/business';
import { insertBusiness, insertSignableCourier } from '../support/factories';
import { startFakeMessaging, type FakeMessaging } from '../support/fakeMessaging';
import { eventually } from '../support/integrations';
import { OFFLINE_VARS, testSources } from '../support/stack';

const PUBLIC_URL = 'https://dispatch.example.com';
const ALL_ON = (['on_the_way', 'arriving_soon', 'delivered', 'cancelled'] as const).map((kind) => ({ kind, enabled: true, template: DEFAULT_TEMPLATES[kind] }));

const messagesOf = (orderId: number) => testDb().select().from(customerMessages).where(eq(customerMessages.orderId, orderId)).orderBy(customerMessages.id);

/** A business of the test's own with its messages as given, and a courier holding one of its orders, both signed in on `base`. */
async function arrange(base: string, settings = ALL_ON, status: 'picked_up' | 'assigned' = 'picked_up', customerEmail: string | null = null) {
  const db = testDb();
  const business = await insertBusiness(db, { name: `Texting Deli ${Date.now().toString(36)}` });
  const portal = await new Client(base).login(business.username);
  expect((await portal.put('/api/message-settings', { settings })).status).toBe(200);
  const { courier, username } = await insertSignableCourier(db);
  await db.update(users).set({ name: 'Rosa Mendes' }).where(eq(users.id, courier.userId));
  const phone = uniquePhone();
  const order = await insertHeldOrder(db, courier.id, status, { business: business.username, customerPhone: phone, customerEmail });
  return { db, business, portal, order, courierClient: await new Client(base).login(username), courier, texted: `+1${phone}` };
}

describe('with an SMS and an email provider', () => {
  let fake: FakeMessaging;
  let worker: Running;
  let dir: string;

  beforeAll(async () => {
    fake = await startFakeMessaging();
    dir = mkdtempSync(join(tmpdir(), 'dispatch-sms-'));
    worker = await startWorker({
      persistDir: dir,
      vars: {
        DATABASE_URL: inject('databaseUrl'),
        ...OFFLINE_VARS,
        PUBLIC_URL,
        TWILIO_ACCOUNT_SID: 'AC-test',
        TWILIO_AUTH_TOKEN: 'token-test',
        TWILIO_FROM_NUMBER: '+18135550100',
        TWILIO_API_URL: fake.url,
        EMAIL_API_KEY: 'email-key-test',
        EMAIL_FROM: 'Dispatch <updates@dispatch.example.com>',
        EMAIL_API_URL: fake.url,
      },
      sourceDir: await testSources(),
    });
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await fake?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('texts "on the way" with the link once, in the background, however often its event is handled', async () => {
    const { order, courierClient, business, texted } = await arrange(worker.url);
    const before = fake.sms.length;
    const step = await courierClient.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' });
    expect(step.status).toBe(200);

    const [onTheWay] = await eventually(
      () => messagesOf(order.id),
      (rows) => rows.length === 1 && rows[0].status === 'sent',
    );
    expect(onTheWay).toMatchObject({ kind: 'on_the_way', channel: 'sms', recipient: texted, attempts: 1, detail: null });
    expect(onTheWay.providerId).toMatch(/^SM/);
    const sent = fake.sms.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: texted, from: '+18135550100', path: '/2010-04-01/Accounts/AC-test/Messages.json' });
    expect(sent[0].authorization).toBe(`Basic ${Buffer.from('AC-test:token-test').toString('base64')}`);
    expect(sent[0].body).toBe(`${business.restaurant.name}: Rosa is on the way with your order. Follow it live: ${PUBLIC_URL}/t/${order.trackingToken}`);

    // The same event handled again (the queue delivers at least once; the cron resends) sends nothing more.
    const db = testDb();
    const [event] = await db.select().from(eventOutbox).where(eq(eventOutbox.orderId, order.id));
    await db.update(eventOutbox).set({ processedAt: null, queuedAt: null }).where(eq(eventOutbox.id, event.id));
    await db
      .insert(eventOutbox)
      .values({ ...event, id: undefined, publicId: `evt_${Date.now().toString(16).padStart(24, '0')}`, processedAt: null, queuedAt: null });
    // Any order write hands waiting events to the queue.
    await courierClient.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' });
    await eventually(
      () => db.select().from(eventOutbox).where(eq(eventOutbox.orderId, order.id)),
      (rows) => rows.every((row) => row.processedAt != null),
    );
    expect(await messagesOf(order.id)).toHaveLength(1);
    expect(fake.sms.slice(before)).toHaveLength(1);
  });

  it('emails a customer who gave an address too, with a subject, once per moment', async () => {
    const { order, courierClient, business, texted } = await arrange(worker.url, ALL_ON, 'picked_up', 'olivia.martin@example.com');
    const before = fake.emails.length;
    expect((await courierClient.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' })).status).toBe(200);
    const rows = await eventually(
      () => messagesOf(order.id),
      (found) => found.length === 2 && found.every((row) => row.status === 'sent'),
    );
    const email = rows.find((row) => row.channel === 'email')!;
    const subject = `${business.restaurant.name}: your order is on the way`;
    expect(email).toMatchObject({ kind: 'on_the_way', recipient: 'olivia.martin@example.com', subject, attempts: 1, providerId: `email-${before + 1}` });
    expect(rows.find((row) => row.channel === 'sms')).toMatchObject({ recipient: texted, subject: null });
    const sent = fake.emails.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].authorization).toBe('Bearer email-key-test');
    // A send retried after a lost answer is the same email to the provider.
    expect(sent[0].idempotencyKey).toBe(`on_the_way:order:${order.id}:email`);
    expect(sent[0].body).toEqual({
      from: 'Dispatch <updates@dispatch.example.com>',
      to: ['olivia.martin@example.com'],
      subject,
      text: `${business.restaurant.name}: Rosa is on the way with your order. Follow it live: ${PUBLIC_URL}/t/${order.trackingToken}`,
    });
  });

  it('texts "arriving soon" once when the courier is a few minutes away', async () => {
    const { order, courierClient, business } = await arrange(worker.url);
    expect((await courierClient.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' })).status).toBe(200);
    await eventually(
      () => messagesOf(order.id),
      (rows) => rows.some((row) => row.kind === 'on_the_way' && row.status === 'sent'),
    );
    // About 7 km out: not yet.
    await courierClient.post('/api/couriers/location', { latitude: 27.9, longitude: -82.459, recordedAt: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await messagesOf(order.id)).map((row) => row.kind)).toEqual(['on_the_way']);
    // About 1 km out, twice.
    for (const offset of [1000, 2000])
      await courierClient.post('/api/couriers/location', { latitude: 27.947, longitude: -82.459, recordedAt: Date.now() + offset - 2000 });
    const rows = await eventually(
      () => messagesOf(order.id),
      (found) => found.some((row) => row.kind === 'arriving_soon' && row.status === 'sent'),
    );
    expect(rows.map((row) => row.kind)).toEqual(['on_the_way', 'arriving_soon']);
    expect(rows[1].body).toBe(`${business.restaurant.name}: Rosa will be at your door in a few minutes.`);
  });

  it('retries when the provider fails, and the courier never waits for it', async () => {
    const { order, courierClient } = await arrange(worker.url);
    fake.failNext = 1;
    const started = Date.now();
    expect((await courierClient.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    const [failedOnce] = await eventually(
      () => messagesOf(order.id),
      (rows) => rows[0]?.attempts === 1 && rows[0].status === 'pending' && rows[0].detail != null,
    );
    expect(failedOnce.detail).toMatch(/^attempt 1 failed: provider answered 500/);
    const [sent] = await eventually(
      () => messagesOf(order.id),
      (rows) => rows[0]?.status === 'sent',
      30_000,
    );
    expect(sent.attempts).toBe(2);
  }, 45_000);

  it('sends at most 8 messages an hour to one number or address, however many orders are made and cancelled, and logs the rest as not sent (issue 26)', async () => {
    const db = testDb();
    const business = await insertBusiness(db, { name: `Flood Deli ${Date.now().toString(36)}` });
    const portal = await new Client(worker.url).login(business.username);
    expect((await portal.put('/api/message-settings', { settings: ALL_ON })).status).toBe(200);
    const phone = uniquePhone();
    const email = `flood-${phone}@example.com`;
    const before = fake.sms.length;
    for (let pair = 0; pair < 12; pair++) {
      const order = await portal.post('/api/orders', singleOrderBody({ customerPhone: phone, customerEmail: email, internalOrderNumber: `FLOOD-${pair}` }));
      expect((await portal.patch(`/api/orders/${order.body.id}`, { status: 'cancelled', courierId: null })).status).toBe(200);
    }
    const rows = await eventually(
      () => db.select().from(customerMessages).where(eq(customerMessages.restaurantId, business.restaurant.id)),
      (found) => found.length === 24 && found.every((row) => row.status !== 'pending'),
    );
    for (const recipient of [`+1${phone}`, email]) {
      const to = rows.filter((row) => row.recipient === recipient);
      expect(to.map((row) => row.status).sort(), recipient).toEqual([...Array(8).fill('sent'), ...Array(4).fill('not_sent')].sort());
      expect(to.filter((row) => row.status === 'not_sent').every((row) => row.detail === OVER_RECIPIENT_LIMIT)).toBe(true);
    }
    expect(fake.sms.slice(before).filter((sms) => sms.to === `+1${phone}`)).toHaveLength(8);
  });

  it('sends at most 500 messages an hour for one business', async () => {
    const db = testDb();
    const { order, courierClient, business } = await arrange(worker.url);
    // 500 messages this hour already, to other numbers.
    await db.insert(customerMessages).values(
      Array.from({ length: MESSAGE_LIMITS.perBusinessPerHour }, (_, index) => ({
        dedupeKey: `earlier:${order.id}:${index}`,
        restaurantId: business.restaurant.id,
        orderId: order.id,
        kind: 'delivered' as const,
        channel: 'sms' as const,
        recipient: `+1${uniquePhone()}`,
        body: 'earlier',
        status: 'sent' as const,
      })),
    );
    expect((await courierClient.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' })).status).toBe(200);
    const [refused] = await eventually(
      () =>
        db
          .select()
          .from(customerMessages)
          .where(eq(customerMessages.dedupeKey, `on_the_way:order:${order.id}:sms`)),
      (found) => found.length === 1,
    );
    expect(refused).toMatchObject({ status: 'not_sent', detail: OVER_BUSINESS_LIMIT });
  });

  it('texts each stop of a route its own link as its stop moves, and nothing for messages turned off', async () => {
    const db = testDb();
    const business = await insertBusiness(db, { customerType: 'pharmacy' });
    const portal = await new Client(worker.url).login(business.username);
    const onlyDelivered = ALL_ON.map((setting) => ({ ...setting, enabled: setting.kind === 'on_the_way' }));
    expect((await portal.put('/api/message-settings', { settings: onlyDelivered })).status).toBe(200);
    const { courier, username } = await insertSignableCourier(db);
    const { order, stops } = await insertPharmacyOrder(db, { business: business.username, courierId: courier.id, status: 'arrived_at_pharmacy', stops: 2 });
    // Each stop's customer gave an email: only the stop that moves hears, by text and by email.
    for (const [index, stop] of stops.entries()) {
      await db
        .update(orderStops)
        .set({ customerEmail: `stop${index + 1}@example.com` })
        .where(eq(orderStops.id, stop.id));
    }
    const courierClient = await new Client(worker.url).login(username);
    // Confirming the pickup sets the first stop on its way: only its customer hears.
    const photo = await fetch(new URL(`/api/orders/${order.id}/photos?kind=pharmacy_pickup`, worker.url), {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', Cookie: courierClient.cookie! },
      body: Buffer.from(png()),
    });
    const { url } = (await photo.json()) as { url: string };
    expect((await courierClient.patch(`/api/orders/${order.id}`, { status: 'pharmacy_picked_up', pharmacyPickupPhoto: url })).status).toBe(200);
    const [first, byEmail] = await eventually(
      () => messagesOf(order.id),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'sent'),
    );
    expect(first).toMatchObject({ kind: 'on_the_way', channel: 'sms', stopId: stops[0].id, recipient: `+1${stops[0].customerPhone}` });
    expect(byEmail).toMatchObject({ kind: 'on_the_way', channel: 'email', stopId: stops[0].id, recipient: 'stop1@example.com', body: first.body });
    expect(first.body).toContain(`/t/${stops[0].trackingToken}`);
    expect(first.body).not.toContain(order.trackingToken!);
  });
});

describe('without a provider (every local run)', () => {
  it('records each message as "not sent: no provider", in the admin’s Messages log and page', async () => {
    const { order, courierClient } = await arrange(inject('baseUrl'));
    expect((await courierClient.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' })).status).toBe(200);
    const [row] = await eventually(
      () => messagesOf(order.id),
      (rows) => rows.length === 1,
    );
    expect(row).toMatchObject({ status: 'not_sent', detail: 'not sent: no provider', kind: 'on_the_way' });
    expect(row.body).toContain(`/t/${order.trackingToken}`);

    // The log is everyone's: the admin finds this order's messages by its number.
    const admin = await signedIn('admin');
    const log = await admin.get(`/api/notifications?order=${order.orderNumber}`);
    expect(log.status).toBe(200);
    expect(log.headers.get('x-total-count')).toBe('1');
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({
      id: row.id,
      orderNumber: order.orderNumber,
      status: 'not_sent',
      detail: 'not sent: no provider',
      kind: 'on_the_way',
      channel: 'sms',
    });
    const page = await admin.get(`/admin/messages?order=%23${order.orderNumber}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(`/t/${order.trackingToken}`);
    expect(String(page.body)).toContain('not sent: no provider');
    const none = await admin.get('/admin/messages?order=0', { 'X-Partial': 'messages' });
    expect(none.text).toContain('No messages for order #0.');
    expect((await (await signedIn('bistro')).get('/api/notifications')).status).toBe(403);
  });

  it('records an email beside the text for a customer who gave an address, not sent either, and the log shows its subject', async () => {
    const { order, courierClient, business, texted } = await arrange(inject('baseUrl'), ALL_ON, 'picked_up', 'dee@example.com');
    expect((await courierClient.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' })).status).toBe(200);
    const rows = await eventually(
      () => messagesOf(order.id),
      (found) => found.length === 2,
    );
    expect(rows.map((row) => [row.channel, row.recipient, row.status, row.detail])).toEqual([
      ['sms', texted, 'not_sent', 'not sent: no provider'],
      ['email', 'dee@example.com', 'not_sent', 'not sent: no provider'],
    ]);
    const admin = await signedIn('admin');
    const logged = (await admin.get(`/api/notifications?order=${order.orderNumber}`)).body;
    // Newest first: the email was recorded after the text.
    expect(logged.map((message: { id: number }) => message.id)).toEqual([rows[1].id, rows[0].id]);
    expect(logged[0]).toMatchObject({ channel: 'email', subject: `${business.restaurant.name}: your order is on the way` });
    expect(String((await admin.get(`/admin/messages?order=${order.orderNumber}`)).body)).toContain(`${business.restaurant.name}: your order is on the way`);
  });

  it('sends nothing while the business has its messages off (the default)', async () => {
    const db = testDb();
    const business = await insertBusiness(db);
    const settings = await new Client(inject('baseUrl')).login(business.username).then((client) => client.get('/api/message-settings'));
    expect(settings.body.settings.map((setting: { enabled: boolean }) => setting.enabled)).toEqual([false, false, false, false]);
    const { courier, username } = await insertSignableCourier(db);
    const order = await insertHeldOrder(db, courier.id, 'picked_up', { business: business.username });
    const courierClient = await new Client(inject('baseUrl')).login(username);
    expect((await courierClient.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await messagesOf(order.id)).toEqual([]);
    // No listener, no event.
    expect(await db.select().from(eventOutbox).where(eq(eventOutbox.orderId, order.id))).toEqual([]);
  });

  it('refuses settings that are not the four messages or are too long', async () => {
    const business = await insertBusiness(testDb());
    const portal = await new Client(inject('baseUrl')).login(business.username);
    expect((await portal.put('/api/message-settings', { settings: [{ kind: 'spam', enabled: true, template: 'x' }] })).status).toBe(400);
    expect((await portal.put('/api/message-settings', { settings: [{ kind: 'delivered', enabled: true, template: 'x'.repeat(400) }] })).status).toBe(400);
    expect((await portal.put('/api/message-settings', { settings: [{ kind: 'delivered', enabled: true, template: '   ' }] })).status).toBe(400);
  });

  it('refuses wording that is not one line of plain text, carries a link of its own or an unknown placeholder (issue 26)', async () => {
    const business = await insertBusiness(testDb());
    const portal = await new Client(inject('baseUrl')).login(business.username);
    for (const [template, problem] of [
      ['URGENT {order}: verify your card at https://evil.example/login', TEMPLATE_PROBLEMS.link],
      ['Your order {order} is late, see evil.example/refund', TEMPLATE_PROBLEMS.link],
      ['{business}: on the way\r\nReply STOP', TEMPLATE_PROBLEMS.unprintable],
      ['{business}: \u202Eyaw eht no si redro ruoY', TEMPLATE_PROBLEMS.unprintable],
      ['{business}: enter {card} to pay', TEMPLATE_PROBLEMS.placeholder],
    ]) {
      const refused = await portal.put('/api/message-settings', { settings: [{ kind: 'on_the_way', enabled: true, template }] });
      expect(refused.status, template).toBe(400);
      expect(refused.body.details, template).toBe(problem);
    }
    const fine = await portal.put('/api/message-settings', {
      settings: [{ kind: 'on_the_way', enabled: true, template: '{business}: {courier} is coming 🚗 {link}' }],
    });
    expect(fine.status).toBe(200);
  });
});
