import { describe, expect, it } from 'vitest';
import type { ChosenPlace } from '../../src/domain/places';
import { addressLine, chooseAddress, editPart, emptyAddress, streetOf, toTyped, typeAddress, zipProblem } from './address';

const past: ChosenPlace = {
  description: '701 S Howard Ave, Apt 210, Tampa, Florida, 33606',
  street: '701 S Howard Ave',
  house: null,
  apartment: '210',
  city: 'Tampa',
  state: 'Florida',
  zip: '33606',
  latitude: 27.938,
  longitude: -82.483,
  precision: 'address',
};

describe('typed address parts (no maps service)', () => {
  it('start as Tampa, Florida and compose the line the spec asks for', () => {
    let value = typeAddress(emptyAddress(true), '401 E Jackson St', true);
    value = editPart(value, 'apartment', '4');
    value = editPart(value, 'zip', '33602');
    expect(streetOf(value)).toBe('401 E Jackson St');
    expect(addressLine(value, 'description', true)).toBe('401 E Jackson St, Apt 4, Tampa, Florida, 33602');
    expect(value.point).toBeNull();
  });

  it('keep a past address whole, its apartment and position included; typing elsewhere than the apartment drops the position', () => {
    const chosen = chooseAddress(emptyAddress(true), past, 'description', true);
    expect(chosen).toMatchObject({ text: '701 S Howard Ave', parts: { apartment: '210', zip: '33606' }, point: { latitude: 27.938, precision: 'address' } });
    expect(editPart(chosen, 'apartment', '211').point).not.toBeNull();
    expect(editPart(chosen, 'zip', '33609').point).toBeNull();
    expect(typeAddress(chosen, '702 S Howard Ave', true)).toMatchObject({ parts: { street: '702 S Howard Ave', zip: '33606' }, point: null });
  });

  it('have no position for a past address that was never placed', () => {
    expect(chooseAddress(emptyAddress(true), { ...past, latitude: null, longitude: null, precision: 'none' }, 'street', true).point).toBeNull();
  });

  it('refuse a ZIP that is not one, and allow none', () => {
    expect(zipProblem(editPart(emptyAddress(true), 'zip', '336'))).toMatch(/5 digits/);
    expect(zipProblem(editPart(emptyAddress(true), 'zip', '33602-1234'))).toBeNull();
    expect(zipProblem(emptyAddress(true))).toBeNull();
  });
});

describe('with the maps service', () => {
  it('needs a choice: typing over one clears the street, so the form refuses it', () => {
    const chosen = chooseAddress(emptyAddress(false), past, 'street', false);
    expect(streetOf(chosen)).toBe('701 S Howard Ave');
    expect(streetOf(typeAddress(chosen, '701 S Howard Avenue', false))).toBe('');
  });

  it('sends a stop its chosen line as it was chosen', () => {
    expect(addressLine(chooseAddress(emptyAddress(false), past, 'description', false), 'description', false)).toBe(past.description);
  });

  it('turns what was typed into the street when the service turns out to be unavailable', () => {
    expect(toTyped(typeAddress(emptyAddress(false), '401 E Jackson St', false))).toMatchObject({
      parts: { street: '401 E Jackson St', city: 'Tampa', state: 'Florida' },
    });
  });
});
