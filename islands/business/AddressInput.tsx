/**
 * An address field with suggestions (spec 2-business-area.md §2.11, §2.12): first the places this
 * business has delivered to (GET /api/places/suggestions, no maps service needed), then,
 * when the maps service works, its US suggestions. A combobox in the ARIA pattern:
 * arrows move, Enter chooses, Escape closes. What typing and choosing do to the address
 * is the parent's (islands/business/address.ts).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { apiRequest } from '../lib/api';
import { Field } from '../lib/Field';
import type { ChosenPlace } from '../../src/domain/places';
import { MapsUnavailableError } from '../lib/maps';
import { mapsPredictions } from './maps';

interface Suggestion {
  key: string;
  description: string;
  source: 'history' | 'maps';
  choose: () => Promise<ChosenPlace | null>;
}

export interface AddressInputProps {
  label: string;
  hint?: string;
  value: string;
  onTextChange: (text: string) => void;
  onChoose: (place: ChosenPlace) => void;
  mapsApiKey: string | null;
  /** The maps service failed while suggesting: the parent stops offering it. */
  onMapsDown?: () => void;
  placeholder?: string;
  error?: string | null;
  className?: string;
}

const DEBOUNCE_MS = 200;
/** The maps service is asked from this many characters on; past addresses from the first. */
const MAPS_MIN_CHARS = 3;

export function AddressInput({
  label,
  hint,
  value,
  onTextChange,
  onChoose,
  mapsApiKey,
  onMapsDown,
  placeholder = 'Start typing address...',
  error,
  className,
}: AddressInputProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(false);
  const request = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const mapsSession = useRef<{ token?: google.maps.places.AutocompleteSessionToken }>({});
  const mapsDown = useRef(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function search(text: string) {
    const id = ++request.current;
    setBusy(true);
    const history = apiRequest<ChosenPlace[]>('GET', `/api/places/suggestions?q=${encodeURIComponent(text.trim())}`).then(
      (places) =>
        places.map<Suggestion>((place, index) => ({ key: `h${index}`, description: place.description, source: 'history', choose: async () => place })),
      () => [],
    );
    const maps =
      mapsApiKey && !mapsDown.current && text.trim().length >= MAPS_MIN_CHARS
        ? mapsPredictions(mapsApiKey, text.trim(), mapsSession.current).then(
            (predictions) => predictions.map<Suggestion>((prediction, index) => ({ key: `m${index}`, source: 'maps', ...prediction })),
            (failure: unknown) => {
              // Past addresses keep working; the maps service is not asked again on this page.
              if (failure instanceof MapsUnavailableError) {
                mapsDown.current = true;
                onMapsDown?.();
              }
              return [];
            },
          )
        : Promise.resolve([]);
    const own = await history;
    if (id !== request.current) return;
    setItems(own);
    const fromMaps = await maps;
    if (id !== request.current) return;
    const known = new Set(own.map((item) => item.description.toLowerCase()));
    setItems([...own, ...fromMaps.filter((item) => !known.has(item.description.toLowerCase()))]);
    setBusy(false);
  }

  function schedule(text: string) {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void search(text), DEBOUNCE_MS);
  }

  async function choose(item: Suggestion) {
    setOpen(false);
    setActive(-1);
    const place = await item.choose().catch(() => null);
    // A suggestion without a location is ignored (spec 1-foundations-and-admin.md §5.6).
    if (place) onChoose(place);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        void search(value);
        return;
      }
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      void choose(items[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  const expanded = open && (items.length > 0 || busy);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type="text"
            className="input"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            placeholder={placeholder}
            value={value}
            onChange={(event) => {
              onTextChange(event.target.value);
              setOpen(true);
              setActive(-1);
              schedule(event.target.value);
            }}
            onFocus={() => {
              setOpen(true);
              void search(value);
            }}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={!expanded}
            className="absolute z-30 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {items.map((item, index) => (
              <li
                key={item.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 ${index === active ? 'bg-brand-50 text-brand-700' : 'hover:bg-slate-50'}`}
                // mousedown, not click: it comes before the input's blur closes the list (the
                // keyboard chooses through the input, aria-activedescendant).
                onMouseDown={(event) => {
                  event.preventDefault();
                  void choose(item);
                }}
              >
                <span className="min-w-0 truncate">{item.description}</span>
                {item.source === 'history' ? <span className="shrink-0 text-xs text-slate-400">Delivered before</span> : null}
              </li>
            ))}
            {busy && items.length === 0 ? (
              <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2 text-slate-500">
                Searching…
              </li>
            ) : null}
          </ul>
          <span className="sr-only" aria-live="polite">
            {open && !busy ? `${items.length} suggestion${items.length === 1 ? '' : 's'}` : ''}
          </span>
        </div>
      )}
    </Field>
  );
}
