import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * Decision 175: the desktop projects skip "(ru)" / "ru:" journeys and the phone projects "(en)" /
 * "en:" ones, so a journey written in one language only with such a title would lose a size.
 * Titles built from `${lang}` in a loop over both languages always come in pairs; this checks the
 * literal ones.
 */
test('every journey titled for one language has its twin in the other', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const titles = readdirSync(here)
    .filter((f) => f.endsWith('.spec.ts'))
    .flatMap((f) =>
      [...readFileSync(`${here}/${f}`, 'utf8').matchAll(/\btest\(\s*(['"`])((?:(?!\1).)*)\1/g)].map(
        (m) => m[2]!,
      ),
    );
  const marked = (lang: 'en' | 'ru') =>
    new Set(
      titles
        .filter((t) => new RegExp(`\\(${lang}\\)|\\b${lang}:`).test(t))
        .map((t) => t.replace(new RegExp(`\\(${lang}\\)|\\b${lang}:`, 'g'), '#')),
    );
  expect(titles.length).toBeGreaterThan(50);
  expect([...marked('en')].sort()).toEqual([...marked('ru')].sort());
});
