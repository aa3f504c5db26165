/**
 * The rules of the business address field's suggestions (spec 2-business-area.md §2.11,
 * §2.12; decisions B8, G4), as a reducer. Typing, focusing the field, or an arrow on a
 * closed list opens it and asks for a search (typing after a pause); each search answers
 * twice, with the business's past addresses and then with the maps service's places
 * added, and only the latest search's answers count. Arrows move the highlight, Enter
 * picks, Escape and blur close.
 */
import type { ChosenPlace } from '../../src/domain/places';
import { arrowStep, moveHighlight, NO_OPTION, type KeyCommand, type Suggestion } from '../lib/combobox';

export interface AddressSuggestion extends Suggestion<ChosenPlace> {
  source: 'history' | 'maps';
}

/** A search the field asks for: the text, and how long to wait before asking (a pause in typing). */
export interface SearchRequest {
  id: number;
  text: string;
  delay: number;
}

export interface SuggestionsState {
  open: boolean;
  /** Kept while the list is closed: reopened, it shows them until the new answer. */
  items: readonly AddressSuggestion[];
  /** The highlighted suggestion's index, or NO_OPTION. */
  active: number;
  /** The latest search; answers to earlier ones are stale. */
  search: SearchRequest | null;
  /** The latest search has left and not answered in full. */
  busy: boolean;
}

export type SuggestionsAction =
  /** The list opens with nothing highlighted, and the text is searched after a pause. */
  | { type: 'typed'; text: string }
  /** Focus, or an arrow on the closed list: the list opens and the text is searched at once (so it is busy at once). */
  | { type: 'opened'; text: string }
  /** A search leaves (a typed one after its pause). */
  | { type: 'searching'; id: number }
  | { type: 'answered'; id: number; items: readonly AddressSuggestion[]; complete: boolean }
  | { type: 'moved'; step: 1 | -1 }
  /** A suggestion chosen: the list closes and forgets the highlight. */
  | { type: 'picked' }
  | { type: 'closed' };

/** Typing is searched after this pause. */
export const TYPING_PAUSE_MS = 200;

export const initialSuggestions: SuggestionsState = { open: false, items: [], active: NO_OPTION, search: null, busy: false };

const nextSearch = (state: SuggestionsState, text: string, delay: number): SearchRequest => ({ id: (state.search?.id ?? 0) + 1, text, delay });

export function suggestionsReducer(state: SuggestionsState, action: SuggestionsAction): SuggestionsState {
  switch (action.type) {
    case 'typed':
      return { ...state, open: true, active: NO_OPTION, search: nextSearch(state, action.text, TYPING_PAUSE_MS) };
    case 'opened':
      return { ...state, open: true, search: nextSearch(state, action.text, 0), busy: true };
    case 'searching':
      return action.id === state.search?.id ? { ...state, busy: true } : state;
    case 'answered':
      if (action.id !== state.search?.id) return state;
      return { ...state, items: action.items, busy: !action.complete };
    case 'moved':
      return { ...state, active: moveHighlight(state.active, action.step, state.items.length) };
    case 'picked':
      return { ...state, open: false, active: NO_OPTION };
    case 'closed':
      return { ...state, open: false };
  }
}

/** The list shows while it is open and has suggestions, or a search is under way ('Searching…'). */
export const isExpanded = (state: SuggestionsState) => state.open && (state.items.length > 0 || state.busy);

/** The suggestion Enter would pick. */
const highlighted = (state: SuggestionsState): AddressSuggestion | undefined => (state.open ? state.items[state.active] : undefined);

/**
 * What a key does in the field: an arrow opens a closed list or moves the highlight (and
 * never moves the caret), Enter picks the highlighted suggestion, Escape closes the list.
 */
export function keyCommand(state: SuggestionsState, key: string, text: string): KeyCommand<SuggestionsAction, AddressSuggestion> | null {
  const step = arrowStep(key);
  if (step) return { action: state.open ? { type: 'moved', step } : { type: 'opened', text } };
  const pick = key === 'Enter' ? highlighted(state) : undefined;
  if (pick) return { pick };
  if (key === 'Escape' && state.open) return { action: { type: 'closed' } };
  return null;
}

/** What the live region says once a search has answered: how many suggestions there are. */
export const countMessage = (state: SuggestionsState) =>
  state.open && !state.busy ? `${state.items.length} suggestion${state.items.length === 1 ? '' : 's'}` : '';

/** Past addresses first, then the maps service's places that are not one of them. */
export function mergeSuggestions(own: readonly AddressSuggestion[], fromMaps: readonly AddressSuggestion[]): AddressSuggestion[] {
  const known = new Set(own.map((item) => item.description.toLowerCase()));
  return [...own, ...fromMaps.filter((item) => !known.has(item.description.toLowerCase()))];
}
