import { describe, expect, it } from 'vitest';
import { spreadShared, type MapMarker } from './markers';

const stop = (key: string, lat: number, lng: number): MapMarker => ({ key, point: { lat, lng }, kind: 'stop', label: key, title: key });

describe('markers at one point', () => {
  it('sit side by side around it, so two stops at one ZIP code’s centre are two markers', () => {
    const spread = spreadShared([stop('1', 27.95, -82.46), stop('2', 27.95, -82.46), stop('3', 27.96, -82.47), stop('4', 27.95, -82.46)]);
    expect(spread.map((marker) => marker.nudge ?? null)).toEqual([{ x: -26, y: 0 }, { x: 0, y: 0 }, null, { x: 26, y: 0 }]);
    expect(spread.map((marker) => marker.point)).toEqual([
      { lat: 27.95, lng: -82.46 },
      { lat: 27.95, lng: -82.46 },
      { lat: 27.96, lng: -82.47 },
      { lat: 27.95, lng: -82.46 },
    ]);
  });
  it('leave a marker alone in its place untouched', () => {
    const alone = stop('1', 27.95, -82.46);
    expect(spreadShared([alone])[0]).toBe(alone);
  });
});
