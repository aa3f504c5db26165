/** A place chosen for a delivery address (spec 2-business-area.md §2.11): its one-line description, its parts and its position. */
export interface ChosenPlace {
  description: string;
  /** House number and street. */
  street: string;
  house: string | null;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}
