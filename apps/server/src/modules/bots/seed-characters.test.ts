import { Persona } from '@amora/shared/persona.ts';
import { CharacterVoice } from '@amora/shared/voice.ts';
import { describe, expect, it } from 'vitest';
import { demoCharacters } from './seed-characters.ts';

const cyrillic = /[\u0400-\u04FF]/;

/** Every string leaf under a value, with its path. */
function leaves(value: unknown, path: string, out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, `${path}.${k}`, out);
  return out;
}

/** Every { en, ru } pair under a value. */
function bilingual(
  value: unknown,
  path: string,
  out: Array<[string, unknown, unknown]> = [],
): Array<[string, unknown, unknown]> {
  if (Array.isArray(value)) value.forEach((v, i) => bilingual(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('en' in o && 'ru' in o) out.push([path, o.en, o.ru]);
    else for (const [k, v] of Object.entries(o)) bilingual(v, `${path}.${k}`, out);
  }
  return out;
}

describe('demo characters', () => {
  it('each has a valid voice of her own', () => {
    for (const c of demoCharacters) expect(CharacterVoice.parse(c.voice)).toEqual(c.voice);
    expect(new Set(demoCharacters.map((c) => JSON.stringify(c.voice))).size).toBe(demoCharacters.length);
  });

  it('are 12, half anime and half realistic, with at least 3 video characters of both kinds', () => {
    expect(demoCharacters).toHaveLength(12);
    expect(demoCharacters.filter((c) => c.type === 'anime')).toHaveLength(6);
    expect(demoCharacters.filter((c) => c.type === 'realistic')).toHaveLength(6);
    const video = demoCharacters.filter((c) => c.is_video);
    expect(video.length).toBeGreaterThanOrEqual(3);
    expect(new Set(video.map((c) => c.type))).toEqual(new Set(['anime', 'realistic']));
  });

  it('have unique remote ids 1..12 and unique names', () => {
    expect(demoCharacters.map((c) => c.remote_id).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(new Set(demoCharacters.map((c) => c.name)).size).toBe(12);
  });

  it('are adults, mostly women with one or two men', () => {
    for (const c of demoCharacters) {
      expect(c.age).toBeGreaterThanOrEqual(19);
      expect(c.age).toBeLessThanOrEqual(35);
    }
    const men = demoCharacters.filter((c) => c.sex === 'male').length;
    expect(men).toBeGreaterThanOrEqual(1);
    expect(men).toBeLessThanOrEqual(2);
  });

  it('have card data: 3-4 hobbies per language, a description, video limits that match', () => {
    for (const c of demoCharacters) {
      expect(c.hobbies.en.length).toBeGreaterThanOrEqual(3);
      expect(c.hobbies.en.length).toBeLessThanOrEqual(4);
      expect(c.hobbies.ru).toHaveLength(c.hobbies.en.length);
      expect(c.desc.en.length).toBeGreaterThan(40);
      expect(c.desc.ru.length).toBeGreaterThan(40);
      expect(c.body_type).toMatch(/^[a-z]+$/);
      if (c.is_video) expect(c.video_quality).toBeGreaterThanOrEqual(1);
      else expect(c.video_quality).toBe(0);
    }
  });

  it('every persona parses with the Persona schema', () => {
    for (const c of demoCharacters) {
      const parsed = Persona.safeParse(c.persona);
      expect(parsed.success, `${c.name}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
    }
  });

  it('every English text has a Russian one, and Russian texts are written in Cyrillic', () => {
    for (const c of demoCharacters) {
      const pairs = bilingual({ desc: c.desc, hobbies: c.hobbies, persona: c.persona }, c.name);
      expect(pairs.length).toBeGreaterThan(20);
      for (const [path, en, ru] of pairs) {
        if (Array.isArray(en)) {
          expect(Array.isArray(ru), path).toBe(true);
          expect((ru as unknown[]).length, path).toBeGreaterThan(0);
          expect((en as unknown[]).length, path).toBeGreaterThan(0);
        } else {
          expect(typeof ru, path).toBe('string');
          expect((ru as string).length, path).toBeGreaterThan(0);
        }
        for (const [leafPath, text] of leaves(ru, `${path}.ru`)) {
          expect(cyrillic.test(text), `${leafPath}: ${text}`).toBe(true);
        }
      }
    }
  });

  it('hobby lines come in pairs, one Russian line for each English one', () => {
    for (const c of demoCharacters) {
      for (const h of c.persona.hobbies)
        expect(h.lines.ru.length, `${c.name} ${h.name.en}`).toBe(h.lines.en.length);
    }
  });

  it('keep the data tasteful', () => {
    const explicit = /\b(sex|nude|naked|porn|fuck)\b|секс|голая|порно/i;
    for (const c of demoCharacters) {
      for (const [path, text] of leaves({ desc: c.desc, persona: c.persona }, c.name))
        expect(explicit.test(text), path).toBe(false);
    }
  });
});
