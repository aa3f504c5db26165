/**
 * What the address comboboxes share (ARIA 1.2 combobox with a listbox popup: arrows move
 * the highlight, Enter picks it): how the highlight moves, the ids and attributes that tie
 * the input to its options, and how a key becomes a change of the list or a pick. Each
 * field's own rules are its reducer (islands/admin/autocomplete.ts,
 * islands/business/suggestions.ts).
 */

/** An address offered in a list: its words, and the place it stands for (null when it has no position, and is then ignored). */
export interface Suggestion<Place> {
  key: string;
  description: string;
  choose: () => Promise<Place | null>;
}

/** No option highlighted. */
export const NO_OPTION = -1;

/**
 * The highlight one option down (step 1) or up (-1) in a list of count options, wrapping
 * round at both ends. With none highlighted, down reaches the first option and up the last
 * (as the WAI-ARIA combobox pattern has it). With no options it stays where it is.
 */
export function moveHighlight(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return active;
  if (active === NO_OPTION) return step === 1 ? 0 : count - 1;
  return (((active + step) % count) + count) % count;
}

/** ArrowDown and ArrowUp as a step of the highlight; null for any other key. */
export function arrowStep(key: string): 1 | -1 | null {
  if (key === 'ArrowDown') return 1;
  if (key === 'ArrowUp') return -1;
  return null;
}

/** What a key pressed in the field does: change the list, or pick a suggestion. */
export type KeyCommand<Action, Item> = { action: Action } | { pick: Item };

/**
 * Runs a key's command. A key with none is left to the browser (Enter then submits the
 * form); one with a command is the list's alone.
 */
export function runKeyCommand<Action, Item>(
  event: { preventDefault: () => void },
  command: KeyCommand<Action, Item> | null,
  dispatch: (action: Action) => void,
  pick: (item: Item) => void,
): void {
  if (!command) return;
  event.preventDefault();
  if ('pick' in command) pick(command.pick);
  else dispatch(command.action);
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** The input's side of the combobox: the list it controls, whether it shows, and the option highlighted. */
export function comboboxAttributes(listId: string, expanded: boolean, active: number) {
  return {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': expanded && active !== NO_OPTION ? optionId(listId, active) : undefined,
  } as const;
}
