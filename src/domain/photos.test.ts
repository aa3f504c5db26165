import { describe, expect, it } from 'vitest';
import { distanceWords } from './geo';
import { photoDistanceNote } from './photos';

describe('where a photo was taken', () => {
  const door = { latitude: 27.9506, longitude: -82.4572, precision: 'address' as const };

  it('says how far from the address, in feet close by and miles further', () => {
    expect(photoDistanceNote({ takenLatitude: 27.9507, takenLongitude: -82.4572 }, door)).toBe('36 ft from the address');
    expect(photoDistanceNote({ takenLatitude: 27.9606, takenLongitude: -82.4572 }, door)).toBe('0.7 mi from the address');
  });

  it('says nothing without the phone’s position, or against a place known only by its ZIP code', () => {
    expect(photoDistanceNote({ takenLatitude: null, takenLongitude: null }, door)).toBeNull();
    expect(photoDistanceNote({ takenLatitude: 27.9507, takenLongitude: -82.4572 }, { ...door, precision: 'zip' })).toBeNull();
    expect(photoDistanceNote({ takenLatitude: 27.9507, takenLongitude: -82.4572 }, { ...door, latitude: null })).toBeNull();
  });

  it('reads distances as couriers do: whole feet under 1,000 ft', () => {
    expect(distanceWords(304.5)).toBe('999 ft');
    expect(distanceWords(305)).toBe('0.2 mi');
  });
});
