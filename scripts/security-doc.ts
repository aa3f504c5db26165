/**
 * Writes the "Numbers" table of docs/security.md from the figures the security suites
 * recorded in this run (tests/support/figures.ts), between its markers; run by `npm test`
 * after the integration tests. Answers whether the document changed.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/stack';

const DOC = join(ROOT, 'docs/security.md');
const START = '<!-- figures:start (written by npm test: scripts/security-doc.ts) -->';
const END = '<!-- figures:end -->';

type Figures = Record<string, Record<string, number>>;

const count = (value: number | undefined) => (value == null ? '?' : value.toLocaleString('en-US'));

/** The table, from what each suite recorded; a suite that recorded nothing leaves its row out. */
export function figuresTable(figures: Figures, day: string): string {
  const rows: string[] = [];
  const matrix = figures.authorization;
  if (matrix) {
    rows.push(
      `| Authorization matrix | ${count(matrix.rows)} rows (${count(matrix.routes)} routes, every one of \`createApp().routes\`) × ${count(matrix.callers)} callers = **${count(matrix.cells)} cells** walked over HTTP |`,
      `| Ended sessions | **${count(matrix.endedSessionRoutes)} routes** a session opens, each sent with a signed-out session's cookies (session and hint): answered as signed out, nothing moved |`,
    );
  }
  const hostile = figures.hostile;
  if (hostile) rows.push(`| Hostile input | **${count(hostile.cases)} cases** over ${count(hostile.shapes)} request shapes |`);
  return [START, `Measured by the run of ${day}.`, '', '| What | Count |', '| --- | --- |', ...rows, END].join('\n');
}

export function writeSecurityFigures(dir: string, day = new Date().toISOString().slice(0, 10)): boolean {
  if (!existsSync(dir)) return false;
  const figures: Figures = Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, name), 'utf8'))]),
  );
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/security.md has no figures markers (${START} … ${END})`);
  const next = `${doc.slice(0, start)}${figuresTable(figures, day)}${doc.slice(end + END.length)}`;
  if (next === doc) return false;
  writeFileSync(DOC, next);
  return true;
}
