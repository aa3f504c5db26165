/**
 * Accessibility checks of what a page shows: axe (WCAG 2 A/AA rules) must find nothing
 * serious or critical; on a phone, every control is a 44 × 44 px target too.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export async function expectAccessible(page: Page, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (within) builder.include(within);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, 'axe found serious or critical violations').toEqual([]);
}

/** Visible controls smaller than 44 × 44 px (inline links in text are exempt, as WCAG 2.5.5 has it; a checkbox counts with its label). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"]');
    const small: string[] = [];
    for (const control of controls) {
      if (control.closest('[inert], [aria-hidden="true"], [data-state="closed"]')) continue;
      const target =
        control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') ? (control.closest('label') ?? control) : control;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || style.display === 'none') continue;
      if (control.tagName === 'A' && style.display === 'inline') continue;
      if (box.width < 44 || box.height < 44) {
        const name = control.getAttribute('aria-label') || control.textContent?.trim() || control.getAttribute('name') || control.tagName;
        small.push(`${control.tagName.toLowerCase()} "${name.slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

/** A phone screen one hand can use: every control 44 × 44 px or more, and nothing serious for axe. */
export async function checkScreen(page: Page, within?: string) {
  expect(await smallTargets(page), 'controls under 44 × 44 px').toEqual([]);
  await expectAccessible(page, within);
}
