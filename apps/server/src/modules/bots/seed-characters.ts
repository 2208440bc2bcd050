import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Persona } from '@amora/shared/persona.ts';
import type { CharacterVoice } from '@amora/shared/voice.ts';
import { serverRoot } from '../../lib/paths.ts';
import type { StudioCardFields } from '@amora/shared/studio.ts';
import { cardFieldsOf, parseCardFile } from './character-card.ts';
import type { DemoArt } from './demo-art.ts';

/** One of the demo characters that a fresh install is seeded with. */
export type DemoCharacter = {
  /** 1..12 (0 is reserved for the support chat). */
  remote_id: number;
  name: string;
  age: number;
  sex: 'female' | 'male';
  type: 'anime' | 'realistic';
  body_type: string;
  hobbies: { en: string[]; ru: string[] };
  /** The card description, 2-3 sentences. */
  desc: { en: string; ru: string };
  is_video: boolean;
  /** Maximum video requests (0 when the character has no video). */
  video_quality: number;
  /** How she sounds in voice notes (espeak-ng variant, pitch, speed). */
  voice: CharacterVoice;
  persona: Persona;
  art: DemoArt;
  /** The spec fields of her card file (kept for export). */
  card: StudioCardFields;
};

/** The seed folder of Character Card files (V2 JSON with `extensions.amora`, or PNG cards). */
export function charactersDir(): string {
  return join(serverRoot(), 'characters');
}

/** Card hobbies, taken from the persona so the two never disagree. */
function cardHobbies(persona: Persona): { en: string[]; ru: string[] } {
  const cap = (s: string): string => s.charAt(0).toLocaleUpperCase() + s.slice(1);
  return {
    en: persona.hobbies.map((h) => cap(h.name.en)),
    ru: persona.hobbies.map((h) => cap(h.name.ru)),
  };
}

/** Reads every card of the folder; a card without a valid Amora extension and art is an error. */
export function loadSeedCharacters(dir = charactersDir()): DemoCharacter[] {
  const files = readdirSync(dir)
    .filter((f) => /\.(json|png)$/i.test(f))
    .sort();
  const out: DemoCharacter[] = [];
  for (const file of files) {
    const card = parseCardFile(readFileSync(join(dir, file)));
    const a = card.amora;
    if (!a || a.remote_id === undefined || !a.art || !a.voice) {
      throw new Error(`characters/${file}: extensions.amora needs remote_id, voice, persona and art`);
    }
    out.push({
      remote_id: a.remote_id,
      name: card.data.name,
      age: a.age,
      sex: a.sex,
      type: a.type,
      body_type: a.body_type,
      hobbies: a.hobbies ?? cardHobbies(a.persona),
      desc: a.desc,
      is_video: a.is_video,
      video_quality: a.video_quality,
      voice: a.voice,
      persona: a.persona,
      art: a.art as DemoArt,
      card: cardFieldsOf(card.data),
    });
  }
  return out.sort((x, y) => x.remote_id - y.remote_id);
}

/** The demo characters, ordered by remote_id (read once, at first use). */
export const demoCharacters: DemoCharacter[] = loadSeedCharacters();

export function demoCharacterByRemoteId(remoteId: number): DemoCharacter | undefined {
  return demoCharacters.find((c) => c.remote_id === remoteId);
}
