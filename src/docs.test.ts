/**
 * The decision records (docs/decisions/) are what code comments cite: every id cited names a
 * record, every record is in the index with a status and a date, and the architecture page
 * links only to records that exist.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DECISIONS = join(ROOT, 'docs/decisions');
const records = readdirSync(DECISIONS).filter((name) => name.endsWith('.md'));
const ids = new Set(records.map((name) => /^([A-Z]\d+(?:-\d+)?)-/.exec(name)![1]));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'generated' || name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx|css|md)$/.test(name) ? [path] : [];
  });
}

/** Ids cited as "decision X", "decisions X, Y", "decisions X–Y" or "(X)" / "(X, …" after a word. */
function citedIds(text: string): string[] {
  const cited: string[] = [];
  for (const [, list] of text.matchAll(/\bdecisions? ((?:[A-Z]\d+(?:-\d+)?(?:, | and |–)?)+)/g)) cited.push(...list.split(/, | and |–/).filter(Boolean));
  for (const [, id] of text.matchAll(/\(([A-Z]\d{1,2})[),;]/g)) cited.push(id);
  return cited;
}

describe('decision records', () => {
  it('each has its id and title, a status and a date, and is in the index', () => {
    // docs/decisions.md: each choice the spec left open, by topic, linking its record.
    const index = readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8');
    for (const name of records) {
      const text = readFileSync(join(DECISIONS, name), 'utf8');
      expect(text, name).toMatch(/^# [A-Z]\d+(-\d+)?\. .+\n\n- Status: (accepted|superseded by [A-Z]\d+)\n- Date: \d{4}-\d\d-\d\d\n/);
      expect(index, name).toContain(`](decisions/${name})`);
    }
    for (const [, link] of index.matchAll(/\]\(decisions\/([^)]+\.md)\)/g)) expect(records, link).toContain(link);
  });

  it('every id the code and the docs cite names a record', () => {
    const missing = [...['src', 'islands', 'scripts', 'tests', 'docs'].flatMap((dir) => sources(join(ROOT, dir))), join(ROOT, 'README.md')].flatMap((path) =>
      citedIds(readFileSync(path, 'utf8'))
        .filter((id) => !ids.has(id))
        .map((id) => `${path.slice(ROOT.length + 1)}: ${id}`),
    );
    expect(missing).toEqual([]);
  });

  it('the architecture page links to records that exist', () => {
    const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const links = [...page.matchAll(/\]\(decisions\/([^)#]+)\)/g)].map(([, link]) => link);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(records, link).toContain(link);
  });
});
