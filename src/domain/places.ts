import type { LocationPrecision } from './location';

/**
 * A place chosen for a delivery address (spec 2-business-area.md §2.11): its one-line description, its
 * parts, and its position when known, with how precise that is (a past address typed
 * without the maps service may have a ZIP centre, or none).
 */
export interface ChosenPlace {
  description: string;
  /** House number and street. */
  street: string;
  house: string | null;
  apartment: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  precision: LocationPrecision;
}
