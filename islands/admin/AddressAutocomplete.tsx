/// <reference types="google.maps" />
/**
 * An address field with the maps service's suggestions (spec 1-foundations-and-admin.md §2.10, §5.6): US
 * addresses only; choosing one sets the formatted address and its coordinates; typing
 * by hand clears the coordinates; a suggestion without a location is ignored. While the
 * service loads the field says 'Loading Google Maps...' and waits; without a key, or
 * when the script cannot load, it is a plain text field.
 *
 * Suggestions come from Places' AutocompleteSuggestion data API (places.ts) and are shown
 * in our own combobox (ARIA 1.2 pattern: arrows, Enter, Escape), so the field looks and
 * behaves like every other field of the form. Its rules are autocomplete.ts.
 */
import { useEffect, useEffectEvent, useId, useReducer, useRef, type RefObject } from 'react';
import { LoaderIcon } from '../../src/shared/icons';
import { comboboxAttributes, runKeyCommand } from '../lib/combobox';
import { loadMapsLibrary } from '../lib/maps';
import { SuggestionOption } from '../lib/SuggestionOption';
import { autocompleteReducer, initialAutocomplete, keyCommand, queryFor, type PlaceSuggestion } from './autocomplete';
import { suggestAddresses, type PlacesSession } from './places';

export interface ChosenPlace {
  address: string;
  latitude: number;
  longitude: number;
}

/** Suggestions are asked for after this pause in typing. */
const DEBOUNCE_MS = 250;

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
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, open, choose, onKeyDown, close } = useAddressAutocomplete(apiKey, value, onPlace, input);
  const { status, suggestions, active } = state;
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
        onBlur={close}
        {...(status === 'ready' ? comboboxAttributes(listId, open, active) : {})}
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
            <SuggestionOption
              key={suggestion.key}
              listId={listId}
              index={index}
              active={index === active}
              className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-slate-100' : 'hover:bg-slate-50'}`}
              onChoose={() => void choose(suggestion)}
            >
              {suggestion.description}
            </SuggestionOption>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The field's state (autocomplete.ts) wired to the maps service, the keyboard and the parent. */
function useAddressAutocomplete(apiKey: string | null, value: string, onPlace: (place: ChosenPlace) => void, input: RefObject<HTMLInputElement | null>) {
  const [state, dispatch] = useReducer(autocompleteReducer, apiKey, initialAutocomplete);
  const library = useRef<google.maps.PlacesLibrary | null>(null);
  const session = useRef<PlacesSession>({});

  useEffect(() => {
    if (!apiKey) return;
    let live = true;
    loadMapsLibrary(apiKey, 'places').then(
      (places) => {
        library.current = places;
        if (live) dispatch({ type: 'loaded' });
      },
      () => live && dispatch({ type: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [apiKey]);

  const query = queryFor(state, value);
  useEffect(() => {
    dispatch({ type: 'queried', query });
    const places = library.current;
    if (query === null || !places) return;
    const timer = window.setTimeout(() => {
      suggestAddresses(places, query, session.current).then(
        (suggestions) => dispatch({ type: 'answered', query, suggestions }),
        () => dispatch({ type: 'answered', query, suggestions: [] }),
      );
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  const open = state.suggestions.length > 0;
  const close = () => dispatch({ type: 'closed' });
  useEscapeCloses(open, input, close);

  async function choose(suggestion: PlaceSuggestion) {
    close();
    const place = await suggestion.choose().catch(() => null);
    if (!place) return;
    dispatch({ type: 'chosen', address: place.address });
    onPlace(place);
  }

  return {
    state,
    open,
    choose,
    close,
    onKeyDown: (event: { key: string; preventDefault: () => void }) => runKeyCommand(event, keyCommand(state, event.key), dispatch, choose),
  };
}

/**
 * Escape closes the open suggestions, not the dialog around the field. The dialog
 * listens on the document in the capture phase, so this listens one step earlier.
 */
function useEscapeCloses(open: boolean, input: RefObject<HTMLInputElement | null>, close: () => void) {
  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || document.activeElement !== input.current) return;
    event.stopPropagation();
    close();
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: KeyboardEvent) => onEscape(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [open]);
}
