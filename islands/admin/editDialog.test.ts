import { describe, expect, it } from 'vitest';
import {
  closedDialog,
  editDialogReducer,
  tabHasErrors,
  tabsShown,
  type DialogForm,
  type EditDialogAction,
  type EditDialogState,
  type Sections,
} from './editDialog';

interface Item {
  id: number;
  name: string;
}
type Form = { username: string; name: string; email: string };

const SECTIONS: Sections = {
  tabs: [
    { value: 'account', label: 'Account' },
    { value: 'details', label: 'Details' },
    { value: 'contact', label: 'Contact' },
  ],
  tabOf: { username: 'account', name: 'details', email: 'contact' },
};
const EMPTY: Form = { username: '', name: '', email: '' };
const TABBED: DialogForm<Item, Form> = { empty: EMPTY, formOf: (item) => ({ ...EMPTY, name: item.name }), sections: SECTIONS };
const PLAIN: DialogForm<Item, Form> = { empty: EMPTY, formOf: TABBED.formOf };

function run(definition: DialogForm<Item, Form>, ...actions: Array<EditDialogAction<Item, Form>>): EditDialogState<Item, Form> {
  return actions.reduce(editDialogReducer(definition), closedDialog(definition));
}

const edit = (changes: Partial<Form>): EditDialogAction<Item, Form> => ({ type: 'edited', update: (form) => ({ ...form, ...changes }) });

describe('an admin create/edit dialog', () => {
  it('adds from an empty form and edits from the record, forgetting the last errors either way', () => {
    const adding = run(PLAIN, { type: 'show', item: null }, edit({ name: 'Typed' }), { type: 'failed', errors: { name: 'Bad' } }, { type: 'show', item: null });
    expect(adding).toMatchObject({ open: true, editing: null, form: EMPTY, errors: {} });
    const editing = run(PLAIN, { type: 'show', item: { id: 3, name: 'Ybor' } });
    expect(editing).toMatchObject({ open: true, editing: { id: 3 }, form: { name: 'Ybor' }, errors: {} });
  });

  it('waits while saving, clears the errors it sends over, and closes on an empty form once saved', () => {
    const saving = run(
      PLAIN,
      { type: 'show', item: null },
      edit({ name: 'A' }),
      { type: 'failed', errors: { email: 'Valid email is required' } },
      { type: 'saving' },
    );
    expect(saving).toMatchObject({ pending: true, errors: {}, form: { name: 'A' } });
    expect(run(PLAIN, { type: 'show', item: null }, edit({ name: 'A' }), { type: 'saving' }, { type: 'saved' })).toMatchObject({
      open: false,
      pending: false,
      form: EMPTY,
    });
  });

  it("keeps the form and shows the server's field errors when a save fails", () => {
    const failed = run(PLAIN, { type: 'show', item: null }, edit({ name: 'A' }), { type: 'saving' }, { type: 'failed', errors: { name: 'Taken' } });
    expect(failed).toMatchObject({ open: true, pending: false, form: { name: 'A' }, errors: { name: 'Taken' } });
  });

  it('closes on Cancel, Escape or the backdrop without saving', () => {
    expect(run(PLAIN, { type: 'show', item: null }, { type: 'openChanged', open: false })).toMatchObject({ open: false, pending: false });
  });
});

describe('a tabbed (account) dialog', () => {
  it('shows the Account tab only while adding, and opens on the first tab shown', () => {
    expect(tabsShown(SECTIONS, false).map((tab) => tab.value)).toEqual(['account', 'details', 'contact']);
    expect(tabsShown(SECTIONS, true).map((tab) => tab.value)).toEqual(['details', 'contact']);
    expect(run(TABBED, { type: 'show', item: null }).tab).toBe('account');
    expect(run(TABBED, { type: 'show', item: { id: 1, name: 'A' } }).tab).toBe('details');
    expect(run(TABBED, { type: 'show', item: { id: 1, name: 'A' } }, { type: 'tabChosen', tab: 'contact' }, { type: 'show', item: null }).tab).toBe('account');
  });

  it('moves to the tab that holds the first error, and stays put for an error no shown tab holds', () => {
    const adding = run(TABBED, { type: 'show', item: null }, { type: 'tabChosen', tab: 'details' });
    const reduce = editDialogReducer(TABBED);
    expect(reduce(adding, { type: 'failed', errors: { email: 'x', username: 'y' } }).tab).toBe('contact');
    expect(reduce(adding, { type: 'failed', errors: { _: 'Something else' } }).tab).toBe('details');
    const editing = run(TABBED, { type: 'show', item: { id: 1, name: 'A' } }, { type: 'tabChosen', tab: 'contact' });
    expect(reduce(editing, { type: 'failed', errors: { username: 'y', name: 'z' } }).tab).toBe('details');
    expect(reduce(editing, { type: 'failed', errors: { username: 'y' } }).tab).toBe('contact');
  });

  it('marks the tabs whose fields have errors', () => {
    const errors = { email: 'Valid email is required' };
    expect(SECTIONS.tabs.map((tab) => tabHasErrors(SECTIONS, errors, tab.value))).toEqual([false, false, true]);
  });
});
