/**
 * An address field with suggestions (spec 2-business-area.md §2.11, §2.12): first the places this
 * business has delivered to, then, when the maps service works, its US suggestions
 * (addressSearch.ts). A combobox in the ARIA pattern: arrows move, Enter chooses, Escape
 * closes (suggestions.ts). What typing and choosing do to the address is the parent's
 * (islands/business/address.ts).
 */
import { useEffect, useEffectEvent, useId, useReducer, useRef } from 'react';
import type { ChosenPlace } from '../../src/domain/places';
import { comboboxAttributes, runKeyCommand } from '../lib/combobox';
import { Field } from '../lib/Field';
import { SuggestionOption } from '../lib/SuggestionOption';
import { searchAddresses } from './addressSearch';
import { countMessage, initialSuggestions, isExpanded, keyCommand, suggestionsReducer, type AddressSuggestion, type SearchRequest } from './suggestions';

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
  const { state, dispatch, choose } = useAddressSuggestions(mapsApiKey, onMapsDown, onChoose);
  const expanded = isExpanded(state);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type="text"
            className="input"
            {...comboboxAttributes(listId, expanded, state.active)}
            autoComplete="off"
            placeholder={placeholder}
            value={value}
            onChange={(event) => {
              onTextChange(event.target.value);
              dispatch({ type: 'typed', text: event.target.value });
            }}
            onFocus={() => dispatch({ type: 'opened', text: value })}
            onBlur={() => dispatch({ type: 'closed' })}
            onKeyDown={(event) => runKeyCommand(event, keyCommand(state, event.key, value), dispatch, choose)}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={!expanded}
            className="absolute z-30 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {state.items.map((item, index) => (
              <SuggestionOption
                key={item.key}
                listId={listId}
                index={index}
                active={index === state.active}
                className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 ${index === state.active ? 'bg-brand-50 text-brand-700' : 'hover:bg-slate-50'}`}
                onChoose={() => void choose(item)}
              >
                <span className="min-w-0 truncate">{item.description}</span>
                {item.source === 'history' ? <span className="shrink-0 text-xs text-slate-400">Delivered before</span> : null}
              </SuggestionOption>
            ))}
            {state.busy && state.items.length === 0 ? (
              <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2 text-slate-500">
                Searching…
              </li>
            ) : null}
          </ul>
          <span className="sr-only" aria-live="polite">
            {countMessage(state)}
          </span>
        </div>
      )}
    </Field>
  );
}

/** The field's suggestions (suggestions.ts) wired to their sources and to the parent. */
function useAddressSuggestions(mapsApiKey: string | null, onMapsDown: (() => void) | undefined, onChoose: (place: ChosenPlace) => void) {
  const [state, dispatch] = useReducer(suggestionsReducer, initialSuggestions);
  const mapsSession = useRef<{ token?: google.maps.places.AutocompleteSessionToken }>({});
  /** The maps service failed on this page: it is not asked again, whatever the parent does. */
  const mapsDown = useRef(false);

  const run = useEffectEvent(({ id, text }: SearchRequest) => {
    dispatch({ type: 'searching', id });
    const onUnavailable = () => {
      mapsDown.current = true;
      onMapsDown?.();
    };
    const maps = mapsApiKey && !mapsDown.current ? { key: mapsApiKey, session: mapsSession.current, onUnavailable } : null;
    void searchAddresses(text, maps, (items, complete) => dispatch({ type: 'answered', id, items, complete }));
  });
  const { search } = state;
  useEffect(() => {
    if (!search) return;
    const timer = window.setTimeout(() => run(search), search.delay);
    return () => window.clearTimeout(timer);
  }, [search]);

  async function choose(item: AddressSuggestion) {
    dispatch({ type: 'picked' });
    const place = await item.choose().catch(() => null);
    // A suggestion without a location is ignored (spec 1-foundations-and-admin.md §5.6).
    if (place) onChoose(place);
  }

  return { state, dispatch, choose };
}
