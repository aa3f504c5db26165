/**
 * Figures the security suites measure (how many routes, cells and cases they walked), kept
 * where `npm test` collects them to write docs/security.md's numbers (scripts/doc-figures.ts),
 * so the document says what the last run did rather than what someone once typed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where `npm test` asks the figures to go (TEST_FIGURES_DIR); a suite run alone keeps none. */
export function recordFigures(suite: string, figures: Record<string, number>): void {
  const dir = process.env.TEST_FIGURES_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${suite}.json`), JSON.stringify(figures));
}
