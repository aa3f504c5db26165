/// <reference types="google.maps" />
/**
 * An address field with the maps service's suggestions (spec 1-foundations-and-admin.md §2.10, §5.6): US
 * addresses only; choosing one sets the formatted address and its coordinates; typing
 * by hand clears the coordinates; a suggestion without a location is ignored. While the
 * service loads the field says 'Loading Google Maps...' and waits; without a key, or
 * when the script cannot load, it is a plain text field.
 *
 * Suggestions come from Places' AutocompleteSuggestion data API and are shown in our own
 * combobox (ARIA 1.2 pattern: arrows, Enter, Escape), so the field looks and behaves like
 * every other field of the form.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LoaderIcon } from '../../src/shared/icons';
import { loadMapsLibrary } from '../lib/maps';

export interface ChosenPlace {
  address: string;
  latitude: number;
  longitude: number;
}

type Status = 'plain' | 'loading' | 'ready';

/** Suggestions are asked for after this pause in typing, and from this many characters. */
const DEBOUNCE_MS = 250;
const MIN_CHARS = 3;

export function AddressAutocomplete({
  apiKey,
  value,
  onType,
  onPlace,
  control,
  name,
}: {
  apiKey: string | null;
  value: string;
  /** Hand edits: the caller clears the coordinates. */
  onType: (value: string) => void;
  onPlace: (place: ChosenPlace) => void;
  /** id and aria attributes from the surrounding Field. */
  control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  name: string;
}) {
  const [status, setStatus] = useState<Status>(apiKey ? 'loading' : 'plain');
  const [suggestions, setSuggestions] = useState<google.maps.places.AutocompleteSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const library = useRef<google.maps.PlacesLibrary | null>(null);
  const session = useRef<google.maps.places.AutocompleteSessionToken | null>(null);
  const request = useRef(0);
  /** The address last taken from a suggestion: no suggestions for it until it is edited. */
  const chosen = useRef<string | null>(null);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!apiKey) return;
    let live = true;
    loadMapsLibrary(apiKey, 'places')
      .then((places) => {
        library.current = places;
        if (live) setStatus('ready');
      })
      .catch(() => live && setStatus('plain'));
    return () => {
      live = false;
    };
  }, [apiKey]);

  useEffect(() => {
    const places = library.current;
    if (status !== 'ready' || !places || value.trim().length < MIN_CHARS || value === chosen.current) {
      setSuggestions([]);
      return;
    }
    const id = ++request.current;
    const timer = setTimeout(async () => {
      session.current ??= new places.AutocompleteSessionToken();
      try {
        const { suggestions: found } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
          input: value,
          includedRegionCodes: ['us'],
          includedPrimaryTypes: ['street_address', 'premise', 'subpremise'],
          sessionToken: session.current,
        });
        if (id === request.current) {
          setSuggestions(found.filter((suggestion) => suggestion.placePrediction));
          setActive(-1);
        }
      } catch {
        if (id === request.current) setSuggestions([]);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, status]);

  async function choose(suggestion: google.maps.places.AutocompleteSuggestion) {
    setSuggestions([]);
    request.current++;
    const place = suggestion.placePrediction!.toPlace();
    try {
      await place.fetchFields({ fields: ['formattedAddress', 'location'] });
    } catch {
      return;
    }
    session.current = null;
    if (!place.location || !place.formattedAddress) return;
    chosen.current = place.formattedAddress;
    onPlace({ address: place.formattedAddress, latitude: place.location.lat(), longitude: place.location.lng() });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (suggestions.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      void choose(suggestions[active]);
    }
  }

  const open = suggestions.length > 0;

  // Escape closes the open suggestions, not the dialog around the field. The dialog
  // listens on the document in the capture phase, so this listens one step earlier.
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || document.activeElement !== input.current) return;
      event.stopPropagation();
      setSuggestions([]);
    };
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, [open]);

  return (
    <div className="relative">
      <input
        {...control}
        ref={input}
        name={name}
        className={`input ${status === 'loading' ? 'pl-9' : ''}`}
        value={value}
        autoComplete="off"
        placeholder={status === 'loading' ? 'Loading Google Maps...' : 'Start typing address...'}
        disabled={status === 'loading'}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setSuggestions([])}
        {...(status === 'ready'
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': open,
              'aria-controls': listId,
              'aria-activedescendant': active >= 0 ? `${listId}-${active}` : undefined,
            }
          : {})}
      />
      {status === 'loading' ? <LoaderIcon className="absolute top-2.5 left-2.5 h-5 w-5 text-slate-400" aria-hidden="true" /> : null}
      {status === 'ready' ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Address suggestions"
          hidden={!open}
          className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.placePrediction!.placeId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-slate-100' : 'hover:bg-slate-50'}`}
              // mousedown, not click: it comes before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                void choose(suggestion);
              }}
            >
              {suggestion.placePrediction!.text.toString()}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
