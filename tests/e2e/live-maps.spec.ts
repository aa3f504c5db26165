/**
 * The GPS page with the maps service configured (issue 6). The service cannot load here,
 * so the test serves a fake google.maps that records what the page asks of it, and then
 * one that fails, to see the map loading error and the schematic fallback.
 */
import { startTestStack, type TestStack } from '../support/stack';
import { expect, test } from './fixtures';

let stack: TestStack;

test.beforeAll(async () => {
  stack = await startTestStack({ vars: { MAPS_API_KEY: 'test-key' } });
});
test.afterAll(async () => stack?.stop());

/** A stand-in for the Maps JavaScript API: markers keep their last position and title in window.fakeMaps. */
function installFakeMaps(failing: boolean) {
  const fake = { maps: [] as unknown[], markers: [] as Array<{ title: string; position: unknown; color: string }> };
  class FakeMap {
    constructor(
      _element: unknown,
      public options: unknown,
    ) {
      fake.maps.push(options);
    }
  }
  class FakeMarker {
    record: { title: string; position: unknown; color: string };
    constructor(options: { title: string; position: unknown; icon: { fillColor: string } }) {
      this.record = { title: options.title, position: options.position, color: options.icon.fillColor };
      fake.markers.push(this.record);
    }
    setPosition(position: unknown) {
      this.record.position = position;
    }
    setIcon(icon: { fillColor: string }) {
      this.record.color = icon.fillColor;
    }
    setMap() {}
    addListener() {}
  }
  class FakePolyline {
    setPath() {}
  }
  const maps = {
    Marker: FakeMarker,
    SymbolPath: { CIRCLE: 0 },
    importLibrary: async (name: string) => {
      if (failing) throw new Error('The maps service is unreachable');
      return name === 'maps' ? { Map: FakeMap, Polyline: FakePolyline } : name === 'marker' ? { Marker: FakeMarker } : { SymbolPath: { CIRCLE: 0 } };
    },
  };
  Object.assign(window, { google: { maps }, fakeMaps: fake });
}

test('markers on the maps service move when a courier reports', async ({ page, browser }) => {
  await page.addInitScript(installFakeMaps, false);
  await page.request.post(`${stack.baseUrl}/api/login`, { data: { username: 'admin', password: 'demo1234' } });
  await page.goto(`${stack.baseUrl}/admin/courier-tracking`);
  await expect(page.getByTestId('service-map')).toBeVisible();
  const mapOptions = await page.evaluate(() => (window as any).fakeMaps.maps[0]);
  expect(mapOptions).toEqual({
    center: { lat: 27.9506, lng: -82.4572 },
    zoom: 11,
    styles: [{ featureType: 'poi', elementType: 'labels', stylers: [{ visibility: 'off' }] }],
  });

  const courier = await browser.newContext({ baseURL: stack.baseUrl });
  await courier.request.post('/api/login', { data: { username: 'courier', password: 'demo1234' } });
  await courier.request.post('/api/couriers/location', { data: { latitude: 27.981, longitude: -82.444 } });
  const markerOf = () => page.evaluate(() => (window as any).fakeMaps.markers.find((marker: { title: string }) => marker.title === 'Marcus Reed'));
  await expect.poll(markerOf).toMatchObject({ position: { lat: 27.981, lng: -82.444 }, color: '#16a34a' });
  await courier.close();
});

test('a map that fails to load says so and keeps a schematic map and the list', async ({ page }) => {
  await page.addInitScript(installFakeMaps, true);
  await page.request.post(`${stack.baseUrl}/api/login`, { data: { username: 'admin', password: 'demo1234' } });
  await page.goto(`${stack.baseUrl}/admin/courier-tracking`);
  await expect(page.getByRole('alert').filter({ hasText: 'Не удалось загрузить карту' })).toBeVisible();
  await expect(page.getByTestId('schematic-map')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Активные курьеры' })).toBeVisible();
});
