/**
 * The rules of the admin address field (spec 1-foundations-and-admin.md §2.10, §5.6;
 * decision A10), as a reducer: while the maps service loads the field waits; without it
 * the field is plain text; once it is ready, the field's text from 3 characters is
 * searched (not the address just chosen), and the answer for the latest text opens the
 * list, which closes on blur, Escape or a choice.
 */
import { arrowStep, moveHighlight, NO_OPTION, type KeyCommand, type Suggestion } from '../lib/combobox';
import type { ChosenPlace } from './AddressAutocomplete';

export type PlaceSuggestion = Suggestion<ChosenPlace>;

export interface AutocompleteState {
  /** plain: no key, or the service could not load; loading: waiting for it; ready: suggesting. */
  status: 'plain' | 'loading' | 'ready';
  /** The text whose suggestions are awaited: an answer for any other is stale. */
  query: string | null;
  /** The list is open exactly while it has suggestions. */
  suggestions: readonly PlaceSuggestion[];
  /** The highlighted suggestion's index, or NO_OPTION. */
  active: number;
  /** The address last taken from a suggestion: it is not searched for until it is edited. */
  chosen: string | null;
}

export type AutocompleteAction =
  | { type: 'loaded' }
  | { type: 'unavailable' }
  /** The text to search for changed (null: none, which closes the list). */
  | { type: 'queried'; query: string | null }
  | { type: 'answered'; query: string; suggestions: readonly PlaceSuggestion[] }
  | { type: 'moved'; step: 1 | -1 }
  /** Blur, Escape or a suggestion picked. */
  | { type: 'closed' }
  | { type: 'chosen'; address: string };

/** Suggestions are asked for from this many characters. */
const MIN_CHARS = 3;

export const initialAutocomplete = (apiKey: string | null): AutocompleteState => ({
  status: apiKey ? 'loading' : 'plain',
  query: null,
  suggestions: [],
  active: NO_OPTION,
  chosen: null,
});

/** What the field's text asks to search for: nothing until the service is ready, under MIN_CHARS, or for the address just chosen. */
export function queryFor(state: AutocompleteState, text: string): string | null {
  return state.status === 'ready' && text.trim().length >= MIN_CHARS && text !== state.chosen ? text : null;
}

const CLOSED = { query: null, suggestions: [], active: NO_OPTION } as const;

export function autocompleteReducer(state: AutocompleteState, action: AutocompleteAction): AutocompleteState {
  switch (action.type) {
    case 'loaded':
      return { ...state, status: 'ready' };
    case 'unavailable':
      return { ...state, status: 'plain' };
    case 'queried':
      // The list shown stays until the new text's answer replaces it.
      return action.query === null ? { ...state, ...CLOSED } : { ...state, query: action.query };
    case 'answered':
      if (action.query !== state.query) return state;
      return { ...state, suggestions: action.suggestions, active: NO_OPTION };
    case 'moved':
      return { ...state, active: moveHighlight(state.active, action.step, state.suggestions.length) };
    case 'closed':
      // An answer still on its way would open the list again: it is stale from now on.
      return { ...state, ...CLOSED };
    case 'chosen':
      return { ...state, chosen: action.address };
  }
}

/**
 * What a key does while the list is open: arrows move the highlight, Enter picks the
 * highlighted suggestion. Escape is not here: it must close the list before the dialog
 * around the field sees it (AddressAutocomplete.tsx).
 */
export function keyCommand(state: AutocompleteState, key: string): KeyCommand<AutocompleteAction, PlaceSuggestion> | null {
  if (state.suggestions.length === 0) return null;
  const step = arrowStep(key);
  if (step) return { action: { type: 'moved', step } };
  if (key === 'Enter' && state.active !== NO_OPTION) return { pick: state.suggestions[state.active] };
  return null;
}
