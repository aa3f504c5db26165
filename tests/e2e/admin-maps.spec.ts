/**
 * The address field's maps integration (spec 1-foundations-and-admin.md §2.10, §5.6, §7.9, §8.6), on a stack of
 * its own started with a maps key. Google Maps cannot load here, so the test serves a
 * fake google.maps (the Places data API) at the script's address; the real fallback
 * without a key is tried in admin-restaurants.spec.ts.
 */
import { eq } from 'drizzle-orm';
import { createDb, type Db } from '../../src/db/client';
import { restaurants } from '../../src/db/schema';
import { startTestStack, type TestStack } from '../support/stack';
import { expectToast } from './admin-helpers';
import { test as base, expect, islandsHydrated, signIn } from './fixtures';

const test = base.extend<{ db: Db }, { mapsStack: TestStack }>({
  mapsStack: [
    async ({}, use) => {
      const stack = await startTestStack({ vars: { MAPS_API_KEY: 'test-key' } });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ mapsStack }, use) => use(mapsStack.baseUrl),
  db: async ({ mapsStack }, use) => use(createDb(mapsStack.databaseUrl, undefined, 30_000)),
});

/** A stand-in for the Maps JavaScript API: places with suggestions, one of them without a location. */
const FAKE_MAPS = `(() => {
  const callback = new URL(document.currentScript.src).searchParams.get('callback').split('.').pop();
  const place = (address, location) => ({
    formattedAddress: null,
    location: null,
    async fetchFields() { this.formattedAddress = address; this.location = location; return { place: this }; },
  });
  const suggestion = (id, text, address, location) => ({ placePrediction: { placeId: id, text: { toString: () => text }, toPlace: () => place(address, location) } });
  window.__placesRequests = [];
  google.maps.importLibrary = async (name) => ({
    AutocompleteSessionToken: class {},
    AutocompleteSuggestion: {
      async fetchAutocompleteSuggestions(request) {
        window.__placesRequests.push({ input: request.input, includedRegionCodes: request.includedRegionCodes });
        return { suggestions: [
          suggestion('a', '401 E Jackson St, Tampa, FL, USA', '401 E Jackson St, Tampa, FL 33602, USA', { lat: () => 27.9478123, lng: () => -82.4584456 }),
          suggestion('b', '1 Nowhere Rd, Tampa, FL, USA', '1 Nowhere Rd, Tampa, FL, USA', null),
        ] };
      },
    },
  });
  google.maps[callback]();
})();`;

/** Answers the script requests: the first `failures` fail to load, the rest get the fake. */
async function serveMaps(page: import('@playwright/test').Page, failures: number): Promise<{ requests: number }> {
  const seen = { requests: 0 };
  await page.route('https://maps.googleapis.com/maps/api/js?**', async (route) => {
    seen.requests++;
    expect(new URL(route.request().url()).searchParams.get('key')).toBe('test-key');
    if (seen.requests <= failures) await route.abort('failed');
    else await route.fulfill({ contentType: 'text/javascript', body: FAKE_MAPS });
  });
  return seen;
}

async function openAddressField(page: import('@playwright/test').Page) {
  await signIn(page, 'admin');
  await page.goto('/admin/restaurants');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Add New Restaurant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Restaurant' });
  await dialog.getByRole('tab', { name: 'Restaurant' }).click();
  return { dialog, address: dialog.getByLabel('Address', { exact: true }) };
}

test.describe('address autocomplete with a maps key', () => {
  test('suggests US addresses; choosing one sets the address and its coordinates; typing clears them', async ({ page, db }) => {
    const maps = await serveMaps(page, 2);
    const { dialog, address } = await openAddressField(page);
    // Two failed loads, then the third try (retries wait n × 2^n ms) succeeds.
    await expect(address).toHaveAttribute('role', 'combobox');
    expect(maps.requests).toBe(3);
    await expect(address).toBeEnabled();
    await expect(address).toHaveAttribute('placeholder', 'Start typing address...');

    await address.fill('401 E Jack');
    const options = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await expect(options).toHaveText(['401 E Jackson St, Tampa, FL, USA', '1 Nowhere Rd, Tampa, FL, USA']);
    expect(await page.evaluate(() => (window as unknown as { __placesRequests: unknown[] }).__placesRequests.at(-1))).toEqual({
      input: '401 E Jack',
      includedRegionCodes: ['us'],
    });

    // A suggestion without a location is ignored.
    await options.nth(1).click();
    await expect(address).toHaveValue('401 E Jack');
    await address.fill('401 E Jacks');
    await expect(options).toHaveCount(2);
    await address.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await address.press('Enter');
    await expect(address).toHaveValue('401 E Jackson St, Tampa, FL 33602, USA');
    await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toBeHidden();

    const username = `geo${Date.now().toString(36)}`;
    await fillTheRest(dialog, username, `Geo Cafe ${username}`);
    await dialog.getByRole('button', { name: 'Create Restaurant' }).click();
    await expectToast(page, 'Restaurant account created successfully');
    const [stored] = await db
      .select()
      .from(restaurants)
      .where(eq(restaurants.name, `Geo Cafe ${username}`));
    expect(stored).toMatchObject({ address: '401 E Jackson St, Tampa, FL 33602, USA', latitude: 27.9478123, longitude: -82.4584456 });

    // In the edit dialog, editing the address by hand drops the coordinates.
    await page.getByRole('button', { name: `Edit Geo Cafe ${username}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Restaurant: Geo Cafe ${username}` });
    await edit.getByLabel('Address', { exact: true }).fill('Suite 5, 401 E Jackson St, Tampa, FL');
    await expect(options).toHaveCount(2);
    await page.keyboard.press('Escape'); // closes the suggestions, not the dialog
    await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toBeHidden();
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Restaurant updated successfully');
    const [edited] = await db.select().from(restaurants).where(eq(restaurants.id, stored.id));
    expect(edited).toMatchObject({ address: 'Suite 5, 401 E Jackson St, Tampa, FL', latitude: null, longitude: null });
  });

  test('says it is loading while the maps service loads, and becomes plain text when it cannot load', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route('https://maps.googleapis.com/maps/api/js?**', async (route) => {
      requests++;
      await held;
      await route.abort('failed');
    });
    const { address } = await openAddressField(page);
    await expect(address).toBeDisabled();
    await expect(address).toHaveAttribute('placeholder', 'Loading Google Maps...');
    release();
    // The first load and 3 retries fail: the field is usable as plain text.
    await expect(address).toBeEnabled();
    await expect(address).toHaveAttribute('placeholder', 'Start typing address...');
    await expect(address).not.toHaveAttribute('role', 'combobox');
    expect(requests).toBe(4);
    await address.fill('500 Plain Text Ave, Tampa, FL');
    await expect(address).toHaveValue('500 Plain Text Ave, Tampa, FL');
  });
});

async function fillTheRest(dialog: import('@playwright/test').Locator, username: string, name: string) {
  await dialog.getByLabel('Restaurant Name').fill(name);
  await dialog.getByLabel('Phone', { exact: true }).fill('8135550400');
  await dialog.getByRole('tab', { name: 'Account' }).click();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill('geo-pass-1');
  await dialog.getByLabel('Zone').selectOption({ label: 'Tampa' });
  await dialog.getByRole('tab', { name: 'Contact Person' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('Geo Owner');
  await dialog.getByLabel('Position').fill('Owner');
  await dialog.getByLabel('Contact Phone').fill('8135550401');
  await dialog.getByLabel('Email').fill('geo@example.com');
}
