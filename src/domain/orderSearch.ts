/**
 * What the dispatcher's search box asks of the order index (decision W2). The index
 * (migrations/0023_search_addresses.sql) holds trigrams, so a search of 3 characters or more
 * finds any part of an order #, internal #, name, phone or address; a shorter one can only be
 * a whole order # or internal #. The courier's name is not in the index, so the same text is
 * also looked for in couriers' names. Phones are stored as 10 digits, so a phone-looking
 * search ("(813) 555-0142", "+1 813…") is reduced to its digits.
 */
import { normalizePhoneInput } from './phone';

export const TRIGRAM = 3;

/** `match` is the index's query; `text` the searched text itself, for what the index does not hold (a courier's name). */
export type SearchPlan = { kind: 'index'; match: string; text: string } | { kind: 'exact'; value: string };

const PHONE_LIKE = /^[\d\s()+.-]+$/;

export function planSearch(text: string): SearchPlan {
  let term = text.trim().replace(/^#/, '');
  if (PHONE_LIKE.test(term) && /\d/.test(term) && /\D/.test(term)) term = normalizePhoneInput(term);
  if (term.length < TRIGRAM) return { kind: 'exact', value: term };
  // One FTS5 phrase: the whole term, in order, quotes doubled so nothing in it is syntax.
  return { kind: 'index', match: `"${term.replaceAll('"', '""')}"`, text: term };
}
