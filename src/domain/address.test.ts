import { describe, expect, it } from 'vitest';
import { composeAddress, splitAddress, zipOf } from './address';

describe('splitAddress', () => {
  it('reads each part of a composed address', () => {
    expect(splitAddress('123 Main St, Apt 4B, Tampa, Florida, 33602')).toEqual({
      street: '123 Main St',
      apartment: '4B',
      city: 'Tampa',
      state: 'Florida',
      zip: '33602',
    });
  });

  it('reads a state and ZIP given together and a # apartment', () => {
    expect(splitAddress('9 Bay Dr, #12, Clearwater, FL 33755-1234')).toEqual({
      street: '9 Bay Dr',
      apartment: '#12',
      city: 'Clearwater',
      state: 'FL',
      zip: '33755-1234',
    });
  });

  it('leaves parts empty when they are missing', () => {
    expect(splitAddress('500 Channelside Dr')).toEqual({ street: '500 Channelside Dr', apartment: '', city: '', state: '', zip: '' });
    expect(splitAddress(null).street).toBe('');
  });
});

describe('composeAddress', () => {
  it('joins parts and fills the default city and state', () => {
    expect(composeAddress({ street: '1 A St' })).toBe('1 A St, Tampa, Florida');
    expect(composeAddress({ street: '1 A St', apartment: '2', city: 'Brandon', state: 'FL', zip: '33510' })).toBe('1 A St, Apt 2, Brandon, FL, 33510');
  });

  it('round-trips what it composes', () => {
    const parts = { street: '77 Dale Mabry Hwy', apartment: '5', city: 'Tampa', state: 'Florida', zip: '33609' };
    expect(splitAddress(composeAddress(parts))).toEqual(parts);
  });
});

describe('zipOf', () => {
  it('reads the ZIP of a field or of a one-line address', () => {
    expect(zipOf('33602')).toBe('33602');
    expect(zipOf('33602-1234')).toBe('33602');
    expect(zipOf('401 E Jackson St, Tampa, FL 33602')).toBe('33602');
    expect(zipOf('401 E Jackson St, Apt 4, Tampa, Florida, 33602')).toBe('33602');
    expect(zipOf('401 E Jackson St Tampa FL 33602 USA')).toBe('33602');
  });
  it('never takes a house number for a ZIP', () => {
    expect(zipOf('10012 N Dale Mabry Hwy')).toBeNull();
    expect(zipOf('10012 N Dale Mabry Hwy, Tampa, Florida')).toBeNull();
    expect(zipOf('')).toBeNull();
    expect(zipOf(null)).toBeNull();
  });
});
