import { describe, expect, it } from 'vitest';
import {
  autocompleteReducer,
  initialAutocomplete,
  keyCommand,
  queryFor,
  type AutocompleteAction,
  type AutocompleteState,
  type PlaceSuggestion,
} from './autocomplete';

const suggestion = (description: string): PlaceSuggestion => ({ key: description, description, choose: async () => null });
const JACKSON = suggestion('401 E Jackson St, Tampa, FL, USA');
const NOWHERE = suggestion('1 Nowhere Rd, Tampa, FL, USA');

const play = (state: AutocompleteState, ...actions: AutocompleteAction[]) => actions.reduce(autocompleteReducer, state);
const ready = play(initialAutocomplete('key'), { type: 'loaded' });
/** Suggestions listed for '401 E Jack'. */
const listed = play(ready, { type: 'queried', query: '401 E Jack' }, { type: 'answered', query: '401 E Jack', suggestions: [JACKSON, NOWHERE] });

describe('the admin address field without the maps service', () => {
  it('waits while the service loads, and is plain text without a key or when it cannot load', () => {
    expect(initialAutocomplete('key').status).toBe('loading');
    expect(initialAutocomplete(null).status).toBe('plain');
    expect(play(initialAutocomplete('key'), { type: 'unavailable' }).status).toBe('plain');
  });

  it('searches nothing until the service is ready', () => {
    expect(queryFor(initialAutocomplete('key'), '401 E Jack')).toBeNull();
    expect(queryFor(initialAutocomplete(null), '401 E Jack')).toBeNull();
    expect(queryFor(ready, '401 E Jack')).toBe('401 E Jack');
  });
});

describe('the admin address field with the maps service', () => {
  it('searches from 3 characters, and not the address just chosen until it is edited', () => {
    expect(queryFor(ready, ' 40 ')).toBeNull();
    expect(queryFor(ready, '401')).toBe('401');
    const chosen = play(ready, { type: 'chosen', address: '401 E Jackson St, Tampa, FL 33602, USA' });
    expect(queryFor(chosen, '401 E Jackson St, Tampa, FL 33602, USA')).toBeNull();
    expect(queryFor(chosen, '401 E Jackson St, Tampa, FL 33602, US')).toBe('401 E Jackson St, Tampa, FL 33602, US');
  });

  it('opens the list with the answer for the latest text, nothing highlighted', () => {
    expect(listed.suggestions).toEqual([JACKSON, NOWHERE]);
    const moved = play(listed, { type: 'moved', step: 1 });
    const again = play(moved, { type: 'queried', query: '401 E Jacks' });
    expect(again).toMatchObject({ suggestions: [JACKSON, NOWHERE], active: 0 });
    expect(play(again, { type: 'answered', query: '401 E Jacks', suggestions: [JACKSON] })).toMatchObject({ suggestions: [JACKSON], active: -1 });
  });

  it('ignores an answer for text typed over', () => {
    const typedOn = play(ready, { type: 'queried', query: '401 E Jack' }, { type: 'queried', query: '401 E Jacks' });
    expect(play(typedOn, { type: 'answered', query: '401 E Jack', suggestions: [NOWHERE] }).suggestions).toEqual([]);
  });

  it('closes on blur, Escape or a choice, and an answer still on its way does not open it again', () => {
    const waiting = play(listed, { type: 'queried', query: '401 E Jacks' }, { type: 'closed' });
    expect(waiting).toMatchObject({ suggestions: [], active: -1 });
    expect(play(waiting, { type: 'answered', query: '401 E Jacks', suggestions: [JACKSON] }).suggestions).toEqual([]);
  });

  it('closes when the text is no longer searched (too short)', () => {
    expect(play(listed, { type: 'queried', query: null }).suggestions).toEqual([]);
  });
});

/** The state after keys that change the list. */
function press(state: AutocompleteState, ...keys: string[]): AutocompleteState {
  return keys.reduce((current, key) => {
    const command = keyCommand(current, key);
    if (!command || !('action' in command)) throw new Error(`${key} changes nothing`);
    return autocompleteReducer(current, command.action);
  }, state);
}

describe('keys on the admin address field', () => {
  it('move the highlight with the arrows, wrapping round', () => {
    expect(press(listed, 'ArrowDown').active).toBe(0);
    expect(press(listed, 'ArrowDown', 'ArrowDown', 'ArrowDown').active).toBe(0);
    expect(press(listed, 'ArrowDown', 'ArrowUp').active).toBe(1);
  });

  it('pick the highlighted suggestion with Enter, and leave Enter to the form when none is', () => {
    expect(keyCommand(press(listed, 'ArrowDown'), 'Enter')).toEqual({ pick: JACKSON });
    expect(keyCommand(listed, 'Enter')).toBeNull();
  });

  it('are the browser’s while the list is closed, and Escape is never handled here', () => {
    expect(keyCommand(ready, 'ArrowDown')).toBeNull();
    expect(keyCommand(ready, 'Enter')).toBeNull();
    expect(keyCommand(listed, 'Escape')).toBeNull();
  });
});
