/**
 * Field comforts (issue 15, decision F12): a new offer rings (a tone and a vibration) only
 * once the courier has turned alerts on, and the screen is kept awake while a delivery is
 * under way. The browser's vibration, audio and Wake Lock are recorded by stand-ins the page
 * gets before its own scripts run: headless Chromium has no motor, speaker or screen to dim.
 */
import type { Page } from '@playwright/test';
import { insertOrder, insertServiceArea } from '../support/factories';
import { insertHeldOrder } from '../support/courier';
import { openDashboard, signedInAdmin } from './courier';
import { expect, signIn, test } from './fixtures';

interface Recorded {
  vibrations: number[][];
  tones: number;
  wakeLocks: { requested: number; released: number };
}

/** Replaces navigator.vibrate, the tone's oscillator and navigator.wakeLock with recorders. */
async function recordFieldComforts(page: Page): Promise<() => Promise<Recorded>> {
  await page.addInitScript(() => {
    const recorded: Recorded = { vibrations: [], tones: 0, wakeLocks: { requested: 0, released: 0 } };
    (window as unknown as { recorded: Recorded }).recorded = recorded;
    Object.defineProperty(navigator, 'vibrate', { value: (pattern: number[]) => (recorded.vibrations.push([...pattern]), true) });
    const createOscillator = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const oscillator = createOscillator.call(this);
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (when?: number) => {
        recorded.tones++;
        start(when);
      };
      return oscillator;
    };
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: async () => {
          recorded.wakeLocks.requested++;
          const sentinel = {
            released: false,
            release: async () => {
              if (!sentinel.released) recorded.wakeLocks.released++;
              sentinel.released = true;
            },
          };
          return sentinel;
        },
      },
    });
  });
  return () => page.evaluate(() => structuredClone((window as unknown as { recorded: Recorded }).recorded));
}

test('a new offer rings only once the courier has turned offer alerts on', async ({ page, db }) => {
  const { business, courier } = await insertServiceArea(db);
  const [quiet, ringing] = await Promise.all(
    ['Quiet', 'Ringing'].map((name) =>
      insertOrder(db, { business: business.username, status: 'new', customerAddress: `${Date.now()} ${name} Offer St, Tampa, FL 33602` }),
    ),
  );
  const recorded = await recordFieldComforts(page);
  await signIn(page, courier.username);
  await openDashboard(page);
  await expect(page.locator('html[data-pushed="on"]')).toBeAttached();
  const available = page.getByRole('region', { name: /Available Orders/ });
  const admin = await signedInAdmin();
  const offer = (id: number) => admin.patch(`/api/orders/${id}`, { data: { status: 'pending_courier', deliveryFee: '12.00', tip: '3.00' } });

  // Off (the default): an offer shows, silently.
  expect((await offer(quiet.id)).status()).toBe(200);
  await expect(available.getByText(quiet.customerAddress)).toBeVisible();
  expect(await recorded()).toMatchObject({ vibrations: [], tones: 0 });

  // Turning alerts on rings once, to show what it does (and lets the browser play sound).
  const bell = page.getByRole('button', { name: 'Offer alerts' });
  await bell.click();
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await recorded()).tones).toBe(1);
  expect((await recorded()).vibrations).toEqual([[200, 100, 200]]);

  // The next offer rings.
  expect((await offer(ringing.id)).status()).toBe(200);
  await expect(available.getByText(ringing.customerAddress)).toBeVisible();
  await expect.poll(async () => (await recorded()).tones).toBe(2);
  expect((await recorded()).vibrations).toHaveLength(2);

  // The choice is kept on the phone: after a reload the switch is still on.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Offer alerts' })).toHaveAttribute('aria-pressed', 'true');
  await admin.dispose();
});

test('the screen is kept awake while the courier has an active order, and let go once it is over', async ({ page, db }) => {
  const { courier } = await insertServiceArea(db);
  const recorded = await recordFieldComforts(page);
  // No active order: the screen follows the phone's own settings.
  await signIn(page, courier.username);
  await openDashboard(page);
  await expect(page.getByText('No available orders at the moment')).toBeVisible();
  expect((await recorded()).wakeLocks.requested).toBe(0);

  const order = await insertHeldOrder(db, courier.courier.id, 'courier_on_way_to_pickup');
  await page.reload();
  await expect.poll(async () => (await recorded()).wakeLocks).toEqual({ requested: 1, released: 0 });

  // Cancelled by the admin: the order is over, and the lock goes.
  const admin = await signedInAdmin();
  expect((await admin.patch(`/api/orders/${order.id}`, { data: { status: 'cancelled' } })).status()).toBe(200);
  await expect.poll(async () => (await recorded()).wakeLocks, { timeout: 10_000 }).toEqual({ requested: 1, released: 1 });
  await admin.dispose();
});
