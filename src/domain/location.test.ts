import { describe, expect, it } from 'vitest';
import { placementProblem } from './location';

describe('placementProblem', () => {
  it('speaks of a business not on the map and of one at its ZIP centre, and of nothing at its address', () => {
    expect(placementProblem('none')).toBe("The address could not be placed on the map: couriers' distances to it are unknown.");
    expect(placementProblem('zip')).toBe("The address was placed only approximately, at its ZIP code's centre: couriers' distances to it are rough.");
    expect(placementProblem('address')).toBeNull();
  });
});
