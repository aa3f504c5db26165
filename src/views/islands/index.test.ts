import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { islandNames } from '../../../scripts/build-assets';
import { ROOT } from '../../../scripts/lib/stack';
import { islands } from '.';

/** Every browser file under islands/, recursively. */
function browserFiles(dir = join(ROOT, 'islands')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? browserFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('islands', () => {
  it('registers exactly the islands the build bundles', () => {
    expect(Object.keys(islands).sort()).toEqual(islandNames());
  });

  it('import nothing from the server but the pure domain rules and what is shared with the browser', () => {
    for (const file of browserFiles()) {
      const source = readFileSync(file, 'utf8');
      for (const [, path] of source.matchAll(/from\s+['"]([^'"]+)['"]/g)) {
        const server = /(^|\/)src\/(?!domain\/|shared\/)/.test(path) || /^(hono|drizzle-orm|@libsql|cloudflare:)/.test(path);
        expect(server, `${file.slice(ROOT.length)} imports ${path}`).toBe(false);
      }
    }
  });
});
