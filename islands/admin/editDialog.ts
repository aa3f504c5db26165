/**
 * The state of the admin create/edit dialogs (zones, couriers, businesses) and how it
 * changes, kept pure so ./useEditDialog.ts only sends, toasts and refreshes. The account
 * dialogs are tabbed: they open on their first tab, and a failed check shows the tab that
 * holds the first error.
 */
import type { FieldErrors } from '../lib/fieldErrors';

/** A tabbed dialog's tabs, in the order adding shows them, and the tab that holds each field. */
export interface Sections {
  tabs: ReadonlyArray<{ value: string; label: string }>;
  tabOf: Readonly<Partial<Record<string, string>>>;
}

/** The login is set once, when the account is created: editing has no Account tab. */
const ACCOUNT_TAB = 'account';

export function tabsShown(sections: Sections, editing: boolean): Sections['tabs'] {
  return editing ? sections.tabs.filter((tab) => tab.value !== ACCOUNT_TAB) : sections.tabs;
}

/** Marks a tab whose fields have errors. */
export function tabHasErrors(sections: Sections, errors: FieldErrors, tab: string): boolean {
  return Object.keys(errors).some((field) => sections.tabOf[field] === tab);
}

/** The shown tab that holds the first error, if any error is on one. */
function tabOfFirstError(sections: Sections, editing: boolean, errors: FieldErrors): string | undefined {
  const shown = new Set(tabsShown(sections, editing).map((tab) => tab.value));
  return Object.keys(errors)
    .map((field) => sections.tabOf[field])
    .find((tab) => tab !== undefined && shown.has(tab));
}

/** What a dialog's form is: empty when adding, the record's values when editing, and its tabs if it has any. */
export interface DialogForm<Item, Form> {
  empty: Form;
  formOf: (item: Item) => Form;
  sections?: Sections;
}

export interface EditDialogState<Item, Form> {
  open: boolean;
  /** The record being edited; null when adding. */
  editing: Item | null;
  form: Form;
  errors: FieldErrors;
  /** A save is on its way: the buttons wait. */
  pending: boolean;
  /** The tab shown ('' in a dialog without tabs). */
  tab: string;
}

export type EditDialogAction<Item, Form> =
  | { type: 'show'; item: Item | null }
  | { type: 'openChanged'; open: boolean }
  | { type: 'edited'; update: (form: Form) => Form }
  | { type: 'tabChosen'; tab: string }
  | { type: 'failed'; errors: FieldErrors }
  | { type: 'saving' }
  | { type: 'saved' };

export function closedDialog<Item, Form>({ empty, sections }: DialogForm<Item, Form>): EditDialogState<Item, Form> {
  return { open: false, editing: null, form: empty, errors: {}, pending: false, tab: sections?.tabs[0].value ?? '' };
}

export function editDialogReducer<Item, Form>({ empty, formOf, sections }: DialogForm<Item, Form>) {
  return (state: EditDialogState<Item, Form>, action: EditDialogAction<Item, Form>): EditDialogState<Item, Form> => {
    switch (action.type) {
      case 'show': {
        const { item } = action;
        const tab = sections ? tabsShown(sections, item !== null)[0].value : '';
        return { ...state, open: true, editing: item, form: item === null ? empty : formOf(item), errors: {}, tab };
      }
      case 'openChanged':
        return { ...state, open: action.open };
      case 'edited':
        return { ...state, form: action.update(state.form) };
      case 'tabChosen':
        return { ...state, tab: action.tab };
      case 'failed': {
        const tab = sections ? tabOfFirstError(sections, state.editing !== null, action.errors) : undefined;
        return { ...state, errors: action.errors, pending: false, tab: tab ?? state.tab };
      }
      case 'saving':
        return { ...state, errors: {}, pending: true };
      case 'saved':
        return { ...state, open: false, form: empty, pending: false };
    }
  };
}
