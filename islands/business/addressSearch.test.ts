import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChosenPlace } from '../../src/domain/places';
import { apiRequest } from '../lib/api';
import { MapsUnavailableError } from '../lib/maps';
import { searchAddresses, type MapsSearch } from './addressSearch';
import { mapsPredictions } from './maps';

vi.mock('../lib/api', () => ({ apiRequest: vi.fn() }));
vi.mock('./maps', () => ({ mapsPredictions: vi.fn() }));

const PAST: ChosenPlace = {
  description: '1201 N Franklin St, Tampa, Florida, 33602',
  street: '1201 N Franklin St',
  house: '1201',
  apartment: '',
  city: 'Tampa',
  state: 'Florida',
  zip: '33602',
  latitude: 27.956,
  longitude: -82.459,
  precision: 'address',
};
const prediction = (description: string) => ({ description, choose: async () => null });

/** Runs a search; returns its answers as [descriptions, complete]. */
async function answersTo(text: string, maps: MapsSearch | null) {
  const answers: Array<[string[], boolean]> = [];
  await searchAddresses(text, maps, (items, complete) => answers.push([items.map((item) => item.description), complete]));
  return answers;
}

describe('the business address field’s search', () => {
  let maps: MapsSearch;
  beforeEach(() => {
    vi.mocked(apiRequest).mockReset().mockResolvedValue([PAST]);
    vi.mocked(mapsPredictions)
      .mockReset()
      .mockResolvedValue([prediction('1201 N FRANKLIN ST, TAMPA, FLORIDA, 33602'), prediction('100 Main St, Tampa, FL 33602, USA')]);
    maps = { key: 'key', session: {}, onUnavailable: vi.fn() };
  });

  it('answers with the past addresses, then with the maps service’s other places after them', async () => {
    expect(await answersTo(' Franklin ', maps)).toEqual([
      [['1201 N Franklin St, Tampa, Florida, 33602'], false],
      [['1201 N Franklin St, Tampa, Florida, 33602', '100 Main St, Tampa, FL 33602, USA'], true],
    ]);
    expect(apiRequest).toHaveBeenCalledWith('GET', '/api/places/suggestions?q=Franklin');
    expect(mapsPredictions).toHaveBeenCalledWith('key', 'Franklin', maps.session);
  });

  it('gives a chosen past address whole', async () => {
    let chosen: Promise<ChosenPlace | null> | undefined;
    await searchAddresses('Franklin', null, (items) => (chosen = items[0].choose()));
    expect(await chosen).toBe(PAST);
  });

  it('asks only for past addresses without the maps service, or under 3 characters', async () => {
    expect(await answersTo('Franklin', null)).toEqual([
      [[PAST.description], false],
      [[PAST.description], true],
    ]);
    expect(await answersTo('12', maps)).toEqual([
      [[PAST.description], false],
      [[PAST.description], true],
    ]);
    expect(mapsPredictions).not.toHaveBeenCalled();
  });

  it('keeps the past addresses when the maps service is unavailable, and says so', async () => {
    vi.mocked(mapsPredictions).mockRejectedValue(new MapsUnavailableError('auth'));
    expect((await answersTo('Franklin', maps)).at(-1)).toEqual([[PAST.description], true]);
    expect(maps.onUnavailable).toHaveBeenCalledOnce();
  });

  it('does not call the service unavailable for one failed question', async () => {
    vi.mocked(mapsPredictions).mockRejectedValue(new Error('network'));
    expect((await answersTo('Franklin', maps)).at(-1)).toEqual([[PAST.description], true]);
    expect(maps.onUnavailable).not.toHaveBeenCalled();
  });

  it('still gives the maps service’s places when past addresses cannot be read', async () => {
    vi.mocked(apiRequest).mockRejectedValue(new Error('offline'));
    expect(await answersTo('Main', maps)).toEqual([
      [[], false],
      [['1201 N FRANKLIN ST, TAMPA, FLORIDA, 33602', '100 Main St, Tampa, FL 33602, USA'], true],
    ]);
  });
});
