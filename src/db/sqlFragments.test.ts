/**
 * A condition written as raw SQL with a bare `or` breaks whatever it is combined with: drizzle's
 * and() joins conditions without parenthesizing each, so `a or b` and `c` reads `a or (b and c)`
 * (it once woke the autopilot of every zone, manual ones included, on each order change). Every
 * sql`` fragment of the server that is not a whole statement must keep its `or`s inside
 * parentheses, a CASE, or drizzle's or().
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of the template literal opening at `start` (after its backtick), with each ${…} as X. */
function templateText(source: string, start: number): string {
  let text = '';
  for (let i = start; i < source.length; i++) {
    const char = source[i];
    if (char === '`') return text;
    if (char === '\\') {
      text += source[++i];
    } else if (char === '$' && source[i + 1] === '{') {
      i = skipExpression(source, i + 2);
      text += 'X';
    } else text += char;
  }
  return text;
}

/** Where the ${…} starting at `start` ends (its closing brace), nested braces and templates included. */
function skipExpression(source: string, start: number): number {
  let depth = 1;
  for (let i = start; i < source.length; i++) {
    const char = source[i];
    if (char === '`') i = endOfTemplate(source, i + 1);
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return source.length;
}

function endOfTemplate(source: string, start: number): number {
  for (let i = start; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '$' && source[i + 1] === '{') i = skipExpression(source, i + 2);
    else if (source[i] === '`') return i;
  }
  return source.length;
}

/** Whether an `or` stands outside every parenthesis and CASE of the fragment. */
function hasBareOr(fragment: string): boolean {
  const tokens = fragment.replace(/'(?:[^']|'')*'/g, "''").match(/\(|\)|\bcase\b|\bend\b|\bor\b/gi) ?? [];
  let depth = 0;
  for (const token of tokens) {
    const word = token.toLowerCase();
    if (word === '(' || word === 'case') depth++;
    else if (word === ')' || word === 'end') depth--;
    else if (depth === 0) return true;
  }
  return false;
}

const WHOLE_STATEMENT = /^\s*(select|insert|update|delete|with|create|drop|pragma|explain)\b/i;

describe('raw SQL conditions', () => {
  it('keep every `or` inside parentheses, so and() cannot split them', () => {
    const bare: string[] = [];
    // The schema's fragments are CHECK constraints and partial-index conditions: SQL wraps each whole.
    for (const file of sourceFiles(join(ROOT, 'src')).filter((path) => !path.endsWith(join('db', 'schema.ts')))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bsql(?:<[^>`]*>)?`/g)) {
        const fragment = templateText(source, match.index + match[0].length);
        if (WHOLE_STATEMENT.test(fragment) || !hasBareOr(fragment)) continue;
        bare.push(`${relative(ROOT, file)}:${source.slice(0, match.index).split('\n').length}: ${fragment.replace(/\s+/g, ' ').slice(0, 100)}`);
      }
    }
    expect(bare).toEqual([]);
  });

  it('finds a bare or, and passes one in parentheses or a CASE', () => {
    expect(hasBareOr('X in (X) or X in (select X from X)')).toBe(true);
    expect(hasBareOr('(X in (X) or X in (select X from X))')).toBe(false);
    expect(hasBareOr("case when X or X then 'a' end")).toBe(false);
    expect(hasBareOr("X = 'this or that'")).toBe(false);
  });
});
