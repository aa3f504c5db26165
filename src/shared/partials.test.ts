/**
 * Region names are a typed contract: `npm run typecheck` checks this file, so the
 * expected errors below prove a misspelt region cannot reach a link, form or button.
 */
import type { ButtonHTMLAttributes, FormHTMLAttributes } from 'react';
import { describe, expect, it } from 'vitest';
import type { RegionList, RegionName } from './partials';

describe('region names', () => {
  it('are checked where links, forms and buttons name them', () => {
    const form: FormHTMLAttributes<HTMLFormElement> = { 'data-partial-target': 'orders' };
    const button: ButtonHTMLAttributes<HTMLButtonElement> = { 'data-refresh': 'active-orders,totals,orders' };
    // @ts-expect-error a misspelt region is a type error
    const typo: FormHTMLAttributes<HTMLFormElement> = { 'data-partial-target': 'ordrs' };
    // @ts-expect-error so is one in a list
    const typoInList: RegionList = 'orders,totls';
    const name: RegionName = 'dialog';
    expect([form, button, typo, typoInList, name]).toHaveLength(5);
  });
});
