import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recentFix, rememberFix, REPORT_INTERVAL_MS, startLocationReporting, WATCH_OPTIONS } from './locationReporter';

/** A fake device: emit() delivers a fix, fail() a GPS error. */
function fakeGeolocation() {
  let onFix: PositionCallback = () => {};
  let onError: PositionErrorCallback = () => {};
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, error: PositionErrorCallback, _options?: PositionOptions) => {
      onFix = success;
      onError = error;
      return 7;
    }),
    clearWatch: vi.fn(),
  };
  const emit = (latitude: number) =>
    onFix({ timestamp: Date.now(), coords: { latitude, longitude: -82.45, accuracy: 5, heading: null, speed: null } } as unknown as GeolocationPosition);
  const fail = () => onError({ code: 3, message: 'timeout' } as GeolocationPositionError);
  return { geolocation, emit, fail };
}

describe('startLocationReporting', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('window', globalThis);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('watches with the spec options and sends at most one position per interval, the latest', () => {
    const device = fakeGeolocation();
    vi.stubGlobal('navigator', { geolocation: device.geolocation });
    const stop = startLocationReporting(vi.fn());
    expect(device.geolocation.watchPosition.mock.calls[0][2]).toEqual(WATCH_OPTIONS);

    device.emit(27.1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    device.emit(27.2);
    device.emit(27.3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REPORT_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const body = JSON.parse(fetchMock.mock.calls[1][1].body);
    expect(body).toMatchObject({ latitude: 27.3, longitude: -82.45, accuracy: 5, heading: null });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/couriers/location');

    stop();
    expect(device.geolocation.clearWatch).toHaveBeenCalledWith(7);
  });

  it('warns about GPS problems once, without stopping', () => {
    const device = fakeGeolocation();
    vi.stubGlobal('navigator', { geolocation: device.geolocation });
    const warn = vi.fn();
    startLocationReporting(warn);
    device.fail();
    device.fail();
    vi.advanceTimersByTime(60_000);
    device.fail();
    expect(warn).toHaveBeenCalledTimes(1);
    device.emit(27.5);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('warns once when the device has no geolocation', () => {
    vi.stubGlobal('navigator', {});
    const warn = vi.fn();
    startLocationReporting(warn);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('recentFix', () => {
  it('is the latest fix of any watch for two minutes, then nothing', () => {
    rememberFix({ latitude: 27.95, longitude: -82.45 }, 1_000_000);
    expect(recentFix(1_000_000 + 119_000)).toEqual({ lat: 27.95, lng: -82.45 });
    expect(recentFix(1_000_000 + 121_000)).toBeNull();
  });
});
