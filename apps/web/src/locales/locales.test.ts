import { describe, expect, it } from 'vitest';
import consoleEn from './console/en.json';
import consoleRu from './console/ru.json';
import pagesEn from './pages/en.json';
import pagesRu from './pages/ru.json';
import appEn from './en.json';
import appRu from './ru.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The app's dictionary with the lazily loaded texts (lib/lazy-strings.ts) merged in. */
function merged(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    out[k] = typeof v === 'object' && typeof cur === 'object' ? merged(cur, v) : v;
  }
  return out;
}
const en = merged(merged(appEn, consoleEn), pagesEn);
const ru = merged(merged(appRu, consoleRu), pagesRu);

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
}

describe('locale files', () => {
  const english = flatten(en);
  const russian = flatten(ru);

  it('have identical key sets', () => {
    expect([...russian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('have no empty texts', () => {
    for (const [key, value] of [...english, ...russian]) expect(value.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, value] of english)
      expect(placeholders(russian.get(key) ?? ''), key).toEqual(placeholders(value));
  });

  it('have every literal key the code asks for', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources))
      for (const [, key] of text.matchAll(/\bt\(\s*['"`]([\w.-]+)['"`]/g))
        if (!english.has(key!) && !english.has(`${key}_one`) && !english.has(`${key}_other`))
          missing.push(`${file}: ${key}`);
    expect(missing).toEqual([]);
  });
});
