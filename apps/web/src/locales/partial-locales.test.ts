import { describe, expect, it } from 'vitest';
import da from './da.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';
import nl from './nl.json';
import no from './no.json';
import pt from './pt.json';
import ro from './ro.json';
import sv from './sv.json';

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

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
const partial: Record<string, Tree> = { es, pt, fr, it: it_, ro, de, nl, sv, da, no };

describe('partial dictionaries (SPEC §1: login, profile and menu labels)', () => {
  const english = flatten(en);
  const required = [
    'auth.signIn',
    'auth.register',
    'auth.email',
    'auth.password',
    'auth.createNewAccount',
    'nav.models',
    'nav.chats',
    'nav.profile',
    'nav.payment',
    'nav.home',
    'nav.wallet',
    'profile.settings',
    'profile.language',
    'profile.logout',
    'shell.profile.edit',
    'shell.profile.delete',
    'shell.profile.deleteTitle',
  ];

  for (const [language, tree] of Object.entries(partial)) {
    it(`${language}: only English keys, same placeholders, the labels translated`, () => {
      const texts = flatten(tree);
      for (const [key, value] of texts) {
        expect(english.has(key), `${language} ${key} is not an English key`).toBe(true);
        expect(value.trim(), key).not.toBe('');
        expect(placeholders(value), key).toEqual(placeholders(english.get(key)!));
      }
      for (const key of required) expect(texts.has(key), `${language} lacks ${key}`).toBe(true);
      expect(texts.get('auth.signIn')).not.toBe(english.get('auth.signIn'));
    });
  }

  it('name every language in English and Russian', () => {
    for (const code of ['en', 'ru', ...Object.keys(partial)]) {
      expect(english.get(`language.names.${code}`), code).toBeTruthy();
      expect(english.get(`language.short.${code}`), code).toBeTruthy();
    }
  });
});
