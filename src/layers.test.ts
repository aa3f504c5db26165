/**
 * Who may import whom (decisions R8, R11): islands/ is what the browser loads,
 * src/ is the Worker, and src/shared is what both load. The browser never imports server
 * code; the server takes only types from islands/, and renders islands through the
 * registry the asset build generates. Inside the Worker, the database layer and the
 * application services know nothing of HTTP: they throw the domain's failures, which the
 * error handler answers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/lib/stack';

/** Every TypeScript file under dir, recursively. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** Each import of a file: whether it is type-only, and the path it resolves to (relative to the root) or the package. */
function importsOf(file: string): Array<{ typeOnly: boolean; target: string }> {
  const source = readFileSync(join(ROOT, file), 'utf8');
  return [...source.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((match) => ({
    typeOnly: !!match[2],
    target: match[3].startsWith('.') ? relative(ROOT, join(ROOT, file, '..', match[3])) : match[3],
  }));
}

const SERVER_PACKAGES = /^(hono|drizzle-orm|@libsql|cloudflare:|node:)/;

describe('layers', () => {
  it('the browser code imports nothing from the server but the pure rules and what is shared', () => {
    for (const file of sources('islands').filter((name) => !name.endsWith('.test.ts'))) {
      for (const { target } of importsOf(file)) {
        const server = (target.startsWith('src/') && !/^src\/(domain|shared)\//.test(target)) || SERVER_PACKAGES.test(target);
        expect(server, `${file} imports ${target}`).toBe(false);
      }
    }
  });

  it('the shared code imports only the pure rules, itself and React', () => {
    for (const file of sources('src/shared').filter((name) => !name.endsWith('.test.ts'))) {
      for (const { target } of importsOf(file)) {
        expect(/^src\/(domain|shared)\//.test(target) || target === 'react', `${file} imports ${target}`).toBe(true);
      }
    }
  });

  it('the server takes only types from islands/ (it renders islands through the generated registry)', () => {
    const server = sources('src').filter((name) => !name.startsWith('src/generated/') && !name.endsWith('.test.ts'));
    expect(server.length).toBeGreaterThan(50);
    for (const file of server) {
      for (const { typeOnly, target } of importsOf(file)) {
        if (target.startsWith('islands/')) expect(typeOnly, `${file} imports ${target} (a value)`).toBe(true);
      }
    }
  });

  it('the database layer and the services know nothing of HTTP, routes or views', () => {
    for (const file of [...sources('src/db'), ...sources('src/services')].filter((name) => !name.endsWith('.test.ts'))) {
      for (const { target } of importsOf(file)) {
        expect(/^src\/(http|routes|views)\//.test(target) || /^hono/.test(target), `${file} imports ${target}`).toBe(false);
      }
    }
  });
});
