import { describe, expect, it, vi } from 'vitest';
import { arrowStep, comboboxAttributes, moveHighlight, NO_OPTION, runKeyCommand } from './combobox';

describe('the highlight', () => {
  it('goes down from none to the first option, and wraps from the last to the first', () => {
    expect(moveHighlight(NO_OPTION, 1, 3)).toBe(0);
    expect(moveHighlight(0, 1, 3)).toBe(1);
    expect(moveHighlight(2, 1, 3)).toBe(0);
  });

  it('goes up from the first option to the last, and from none to the last', () => {
    expect(moveHighlight(0, -1, 3)).toBe(2);
    expect(moveHighlight(2, -1, 3)).toBe(1);
    expect(moveHighlight(NO_OPTION, -1, 3)).toBe(2);
    expect(moveHighlight(NO_OPTION, -1, 1)).toBe(0);
  });

  it('stays where it is when there is no option, and comes back into a list that got shorter', () => {
    expect(moveHighlight(NO_OPTION, 1, 0)).toBe(NO_OPTION);
    expect(moveHighlight(1, -1, 0)).toBe(1);
    expect(moveHighlight(4, 1, 3)).toBe(2);
  });

  it('is moved by ArrowDown and ArrowUp only', () => {
    expect([arrowStep('ArrowDown'), arrowStep('ArrowUp'), arrowStep('ArrowLeft'), arrowStep('Enter')]).toEqual([1, -1, null, null]);
  });
});

describe('the input of a combobox', () => {
  it('controls its list and names the highlighted option only while the list shows', () => {
    expect(comboboxAttributes('list', true, 1)).toEqual({
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': true,
      'aria-controls': 'list',
      'aria-activedescendant': 'list-option-1',
    });
    expect(comboboxAttributes('list', false, 1)['aria-activedescendant']).toBeUndefined();
    expect(comboboxAttributes('list', true, NO_OPTION)['aria-activedescendant']).toBeUndefined();
  });
});

describe('a key command', () => {
  const run = (command: Parameters<typeof runKeyCommand<string, string>>[1]) => {
    const event = { preventDefault: vi.fn() };
    const dispatch = vi.fn();
    const pick = vi.fn();
    runKeyCommand(event, command, dispatch, pick);
    return { prevented: event.preventDefault.mock.calls.length > 0, dispatched: dispatch.mock.calls, picked: pick.mock.calls };
  };

  it('is the list’s alone: the browser does not also act on the key', () => {
    expect(run({ action: 'moved' })).toEqual({ prevented: true, dispatched: [['moved']], picked: [] });
    expect(run({ pick: 'first' })).toEqual({ prevented: true, dispatched: [], picked: [['first']] });
  });

  it('leaves a key without one to the browser (Enter submits the form)', () => {
    expect(run(null)).toEqual({ prevented: false, dispatched: [], picked: [] });
  });
});
