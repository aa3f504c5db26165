/**
 * Figures the docs quote come from the build and the tests, never from memory (issue 28):
 * `npm test` writes the "Numbers" table of docs/security.md from what the security suites
 * recorded in this run (tests/support/figures.ts), and every inline figure of docs/**.md
 * (`<!-- figure:name -->5.7 KB<!-- /figure -->`) from the build it tested.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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

/** The figures of the build that docs quote, by name. */
export function buildFigures(root = ROOT): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, 'src/generated/assets.json'), 'utf8')) as { runtime: string };
  const runtime = readFileSync(join(root, 'public', manifest.runtime));
  return { 'runtime-gzip': `${(gzipSync(runtime).length / 1024).toFixed(1)} KB` };
}

const INLINE = /<!-- figure:([\w-]+) -->([^<]*)<!-- \/figure -->/g;

/** The text with each inline figure set to its value; a name nobody measures is an error (a figure must come from somewhere). */
export function withFigures(text: string, figures: Record<string, string>, where: string): string {
  return text.replace(INLINE, (_, name: string) => {
    if (!(name in figures)) throw new Error(`${where}: no figure is measured under "${name}"`);
    return `<!-- figure:${name} -->${figures[name]}<!-- /figure -->`;
  });
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

/** Sets every inline figure of the docs from this build; answers the files it changed. */
export function writeBuildFigures(root = ROOT): string[] {
  const figures = buildFigures(root);
  return markdownFiles(join(root, 'docs')).filter((path) => {
    const text = readFileSync(path, 'utf8');
    const next = withFigures(text, figures, path);
    if (next !== text) writeFileSync(path, next);
    return next !== text;
  });
}
