/// <reference types="google.maps" />
/**
 * The admin address field's questions to the maps service (decision A10): US street
 * addresses from Places' AutocompleteSuggestion data API for the text typed, and a chosen
 * one's formatted address and position. One session token covers the questions up to a
 * choice, which the service bills as one.
 */
import type { Suggestion } from '../lib/combobox';
import type { ChosenPlace } from './AddressAutocomplete';

export interface PlacesSession {
  token?: google.maps.places.AutocompleteSessionToken;
}

/** The suggestions for input; those that are not a place prediction are left out. */
export async function suggestAddresses(places: google.maps.PlacesLibrary, input: string, session: PlacesSession): Promise<Suggestion<ChosenPlace>[]> {
  session.token ??= new places.AutocompleteSessionToken();
  const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
    input,
    includedRegionCodes: ['us'],
    includedPrimaryTypes: ['street_address', 'premise', 'subpremise'],
    sessionToken: session.token,
  });
  return suggestions.flatMap(({ placePrediction: prediction }) =>
    prediction ? [{ key: prediction.placeId, description: prediction.text.toString(), choose: () => placeOf(prediction, session) }] : [],
  );
}

/** The chosen place, or null when the service gives it no address or no location (spec 1-foundations-and-admin.md §5.6). */
async function placeOf(prediction: google.maps.places.PlacePrediction, session: PlacesSession): Promise<ChosenPlace | null> {
  const place = prediction.toPlace();
  await place.fetchFields({ fields: ['formattedAddress', 'location'] });
  session.token = undefined; // a choice ends the billing session
  if (!place.location || !place.formattedAddress) return null;
  return { address: place.formattedAddress, latitude: place.location.lat(), longitude: place.location.lng() };
}
