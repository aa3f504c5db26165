import { describe, expect, it } from 'vitest';
import {
  countMessage,
  initialSuggestions,
  isExpanded,
  keyCommand,
  mergeSuggestions,
  suggestionsReducer,
  TYPING_PAUSE_MS,
  type AddressSuggestion,
  type SuggestionsAction,
  type SuggestionsState,
} from './suggestions';

const suggestion = (description: string, source: AddressSuggestion['source'] = 'history'): AddressSuggestion => ({
  key: description,
  description,
  source,
  choose: async () => null,
});
const FRANKLIN = suggestion('1201 N Franklin St, Tampa, Florida, 33602');
const MAIN = suggestion('100 Main St, Tampa, FL 33602, USA', 'maps');
const BRANDON = suggestion('200 Main Ave, Brandon, FL, USA', 'maps');

const play = (state: SuggestionsState, ...actions: SuggestionsAction[]) => actions.reduce(suggestionsReducer, state);
/** Focused, and the search it started has answered in full. */
const listed = play(initialSuggestions, { type: 'opened', text: 'Main' }, { type: 'answered', id: 1, items: [FRANKLIN, MAIN], complete: true });

/** The state after keys that change the list. */
function press(state: SuggestionsState, ...keys: string[]): SuggestionsState {
  return keys.reduce((current, key) => {
    const command = keyCommand(current, key, 'Main');
    if (!command || !('action' in command)) throw new Error(`${key} changes nothing`);
    return suggestionsReducer(current, command.action);
  }, state);
}

describe('searching for the business address field', () => {
  it('on focus opens the list and searches at once, showing it busy', () => {
    const focused = play(initialSuggestions, { type: 'opened', text: 'Main' });
    expect(focused).toMatchObject({ open: true, busy: true, search: { id: 1, text: 'Main', delay: 0 } });
    expect(isExpanded(focused)).toBe(true);
  });

  it('after typing, waits for a pause and unhighlights; it is busy once the search leaves', () => {
    const typed = play(listed, { type: 'moved', step: 1 }, { type: 'typed', text: 'Main S' });
    expect(typed).toMatchObject({ open: true, active: -1, busy: false, search: { id: 2, text: 'Main S', delay: TYPING_PAUSE_MS } });
    expect(play(typed, { type: 'searching', id: 2 }).busy).toBe(true);
  });

  it('shows past addresses first, then the maps service’s places with them, busy until then', () => {
    const searching = play(initialSuggestions, { type: 'opened', text: 'Main' }, { type: 'answered', id: 1, items: [FRANKLIN], complete: false });
    expect(searching).toMatchObject({ items: [FRANKLIN], busy: true });
    expect(countMessage(searching)).toBe('');
    const done = play(searching, { type: 'answered', id: 1, items: [FRANKLIN, MAIN], complete: true });
    expect(done).toMatchObject({ items: [FRANKLIN, MAIN], busy: false });
    expect(countMessage(done)).toBe('2 suggestions');
    expect(countMessage(play(done, { type: 'answered', id: 1, items: [MAIN], complete: true }))).toBe('1 suggestion');
  });

  it('ignores the answers of a search overtaken by a newer one', () => {
    const typedOn = play(listed, { type: 'typed', text: 'Main A' });
    const stale = play(typedOn, { type: 'searching', id: 1 }, { type: 'answered', id: 1, items: [BRANDON], complete: true });
    expect(stale).toBe(typedOn);
  });

  it('says "Searching…" rather than nothing while a search with no answer yet is under way', () => {
    const empty = play(initialSuggestions, { type: 'opened', text: 'Zzz' }, { type: 'answered', id: 1, items: [], complete: true });
    expect(isExpanded(empty)).toBe(false);
    expect(countMessage(empty)).toBe('0 suggestions');
    expect(isExpanded(play(empty, { type: 'typed', text: 'Zzzz' }, { type: 'searching', id: 2 }))).toBe(true);
  });
});

describe('keys on the business address field', () => {
  it('move the highlight with the arrows, wrapping round', () => {
    expect(press(listed, 'ArrowDown').active).toBe(0);
    expect(press(listed, 'ArrowDown', 'ArrowDown', 'ArrowDown').active).toBe(0);
    expect(press(listed, 'ArrowUp').active).toBe(1);
    expect(press(listed, 'ArrowDown', 'ArrowUp').active).toBe(1);
  });

  it('take the arrows even with nothing to highlight', () => {
    const empty = play(initialSuggestions, { type: 'opened', text: 'Zzz' }, { type: 'answered', id: 1, items: [], complete: true });
    expect(keyCommand(empty, 'ArrowDown', 'Zzz')).toEqual({ action: { type: 'moved', step: 1 } });
    expect(press(empty, 'ArrowDown').active).toBe(-1);
  });

  it('pick the highlighted suggestion with Enter, and leave Enter to the form when none is', () => {
    expect(keyCommand(press(listed, 'ArrowDown', 'ArrowDown'), 'Enter', 'Main')).toEqual({ pick: MAIN });
    expect(keyCommand(listed, 'Enter', 'Main')).toBeNull();
  });

  it('close the list with Escape, which keeps its suggestions and highlight, and leave Escape alone when closed', () => {
    const closed = press(listed, 'ArrowDown', 'Escape');
    expect(closed).toMatchObject({ open: false, items: [FRANKLIN, MAIN], active: 0 });
    expect(isExpanded(closed)).toBe(false);
    expect(keyCommand(closed, 'Escape', 'Main')).toBeNull();
    expect(keyCommand(closed, 'Enter', 'Main')).toBeNull();
  });

  it('reopen a closed list with an arrow, searching the text at once', () => {
    const reopened = press(play(listed, { type: 'closed' }), 'ArrowDown');
    expect(reopened).toMatchObject({ open: true, busy: true, search: { id: 2, text: 'Main', delay: 0 } });
  });

  it('leave other keys to the browser', () => {
    expect(keyCommand(listed, 'a', 'Main')).toBeNull();
  });
});

describe('a choice', () => {
  it('closes the list and forgets the highlight', () => {
    expect(play(press(listed, 'ArrowDown'), { type: 'picked' })).toMatchObject({ open: false, active: -1 });
  });
});

describe('suggestions from both sources', () => {
  it('put past addresses first and drop the maps service’s places that repeat one, whatever the case', () => {
    const again = suggestion('1201 n franklin st, tampa, florida, 33602', 'maps');
    expect(mergeSuggestions([FRANKLIN], [again, MAIN, BRANDON])).toEqual([FRANKLIN, MAIN, BRANDON]);
  });
});
