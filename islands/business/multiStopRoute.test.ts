import { describe, expect, it } from 'vitest';
import { emptyAddress } from './address';
import {
  formFigures,
  lateHint,
  lateNotes,
  modalFigures,
  routeAnnouncement,
  routeOf,
  routeToast,
  savingWords,
  type Route,
  type RouteAnswer,
} from './multiStopRoute';

const at = (lat: number) => ({ lat, lng: -82.45, precision: 'address' as const });
const stop = (key: string, placedAt: number | null, customerName = '') => ({
  key,
  customerName,
  deliverBy: '',
  address: { ...emptyAddress(true), point: placedAt == null ? null : { latitude: placedAt, longitude: -82.45, precision: 'address' as const } },
});

function answer(details: Partial<RouteAnswer['routeDetails']>, extra: Partial<RouteAnswer> = {}): RouteAnswer {
  return {
    totalDistanceMiles: 6.2,
    calculatedDeliveryFee: '12.40',
    routeDetails: {
      polyline: 'abc',
      estimated: false,
      pickup: at(27.9),
      stops: [at(27.91), at(27.92), at(27.93)],
      arrivals: ['a1', 'a2', 'a3'],
      lateStops: [],
      ...details,
    },
    ...extra,
  };
}

describe('the route an answer describes', () => {
  const sent = [stop('s1', 27.91), stop('s2', null), stop('s3', 27.93)];

  it('keeps the stops in the order sent, gives the ones the server placed their coordinates, and has no saving', () => {
    const { stops, route } = routeOf(answer({ stops: [at(27.91), { lat: 28.1, lng: -82.6, precision: 'zip' }, at(27.93)] }), sent);
    expect(stops.map((each) => each.key)).toEqual(['s1', 's2', 's3']);
    expect(stops[0]).toBe(sent[0]);
    expect(stops[1].address.point).toEqual({ latitude: 28.1, longitude: -82.6, precision: 'zip' });
    expect(route).toMatchObject({ miles: 6.2, fee: '12.40', approximate: false, saving: null, arrivals: { s1: 'a1', s2: 'a2', s3: 'a3' } });
  });

  it('puts the stops and their points in the optimized order, with late stops and arrivals by key', () => {
    const optimized = answer(
      { lateStops: [2], approximate: true, givenOrder: { totalDistanceMiles: 8.6, calculatedDeliveryFee: '17.28' } },
      { optimizedOrder: [2, 0, 1] },
    );
    const { stops, route } = routeOf(optimized, sent);
    expect(stops.map((each) => each.key)).toEqual(['s3', 's1', 's2']);
    expect(route.points.map((point) => point.lat)).toEqual([27.93, 27.91, 27.92]);
    expect(route).toMatchObject({ approximate: true, lateKeys: ['s3'], arrivals: { s1: 'a1', s3: 'a3' } });
    expect(route.saving).toEqual({ miles: 2.4, feeCents: 488, moved: true });
  });

  it('says when the optimization moved nothing', () => {
    const same = answer({ givenOrder: { totalDistanceMiles: 6.2, calculatedDeliveryFee: '12.40' } }, { optimizedOrder: [0, 1, 2] });
    expect(routeOf(same, sent).route.saving).toEqual({ miles: 0, feeCents: 0, moved: false });
  });
});

describe('the route in words', () => {
  const route: Route = {
    miles: 6.2,
    fee: '12.40',
    polyline: '',
    estimated: true,
    approximate: false,
    pickup: at(27.9),
    points: [],
    arrivals: { s2: new Date(2026, 2, 2, 14, 45).toISOString() },
    lateKeys: ['s2'],
    saving: null,
  };

  it('say what an optimization saved, or what meeting deliver-by times cost', () => {
    expect(savingWords({ miles: 2.4, feeCents: 480, moved: true })).toBe('Optimized order: \u22122.4 mi, \u2212$4.80.');
    expect(savingWords({ miles: -1.2, feeCents: -240, moved: true })).toBe('Optimized order: +1.2 mi, +$2.40, to meet deliver-by times.');
    expect(savingWords({ miles: 0, feeCents: 0, moved: true })).toBe('Optimized order: the same distance.');
    expect(savingWords({ miles: 0, feeCents: 0, moved: false })).toBe('Already the best order.');
  });

  it('announce the new order only when the stops moved', () => {
    const labels = ['Stop 1, Bo', 'Stop 2'];
    expect(routeAnnouncement(route, labels)).toBe('');
    expect(routeAnnouncement({ ...route, saving: { miles: 2.4, feeCents: 480, moved: true } }, labels)).toBe(
      'Optimized order: \u22122.4 mi, \u2212$4.80. New order: Stop 1, Bo; Stop 2.',
    );
    expect(routeAnnouncement({ ...route, saving: { miles: 0, feeCents: 0, moved: false } }, labels)).toBe('Already the best order.');
  });

  it('show the figures: the form says when the distance is estimated, the modal counts the stops', () => {
    expect(formFigures(route)).toEqual([
      ['Total Distance', '6.20 miles (estimated)', 'route-distance'],
      ['Delivery Fee', '$12.40', 'route-fee'],
    ]);
    expect(formFigures({ ...route, estimated: false })[0][1]).toBe('6.20 miles');
    expect(modalFigures(route, 3)).toEqual([
      ['Total Stops', '3', 'modal-stops'],
      ['Total Distance', '6.20 mi', 'modal-distance'],
      ['Delivery Fee', '$12.40', 'modal-fee'],
    ]);
    expect(routeToast(route)).toEqual({ title: 'Route Calculated', description: 'Distance: 6.20 miles | Fee: $12.40' });
  });

  it('name the stops the route makes late, with when they are reached and when they were due', () => {
    const late = { ...stop('s2', 27.92, ' Bo '), deliverBy: '2026-03-02T14:30' };
    const onTime = { ...stop('s1', 27.91, 'Ann'), deliverBy: '2026-03-02T18:00' };
    expect(lateHint(route, late)).toBe('It arrives about 2:45 PM, after its deliver-by time of 2:30 PM.');
    expect(lateHint(route, onTime)).toBeNull();
    expect(lateHint(null, late)).toBeNull();
    expect(lateNotes(route, [onTime, late])).toEqual([{ key: 's2', text: 'Stop 2 (Bo) arrives about 2:45 PM, after its deliver-by time of 2:30 PM.' }]);
    expect(lateNotes(route, [{ ...late, customerName: '' }])[0].text).toBe('Stop 1 arrives about 2:45 PM, after its deliver-by time of 2:30 PM.');
  });
});
