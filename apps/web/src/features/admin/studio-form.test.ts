import type { StudioBot } from '@amora/shared/studio.ts';
import { describe, expect, it } from 'vitest';
import { emptyStudioDraft, studioDraft, studioInputFromDraft } from './studio-form.ts';

const filled = () => ({
  ...emptyStudioDraft(),
  name: 'Nadia',
  age: '24',
  body_type: 'slim',
  hobbies_en: 'Chess, Tea',
  hobbies_ru: 'Шахматы, Чай',
  desc_en: 'A chess player.',
  desc_ru: 'Шахматистка.',
  greetings_en: 'hi{,addr}!\n\nfancy a game?',
  greetings_ru: 'привет{,addr}!',
});

describe('the character studio form', () => {
  it('turns the draft into the API input: lists by comma, greetings by line', () => {
    const parsed = studioInputFromDraft(filled());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.hobbies).toEqual({ en: ['Chess', 'Tea'], ru: ['Шахматы', 'Чай'] });
    expect(parsed.value.greetings).toEqual({ en: ['hi{,addr}!', 'fancy a game?'], ru: ['привет{,addr}!'] });
    expect(parsed.value.age).toBe(24);
    // Empty persona parts are left out, so the server keeps (or builds) them.
    expect(parsed.value).not.toHaveProperty('backstory');
    expect(parsed.value).not.toHaveProperty('personality');
  });

  it('names the wrong fields with the server rules', () => {
    const parsed = studioInputFromDraft({ ...filled(), name: ' ', age: '16', desc_ru: '', sort: 'x' });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(['age', 'desc_ru', 'name', 'sort']);
  });

  it('round-trips a stored character through the draft', () => {
    const first = studioInputFromDraft({
      ...filled(),
      backstory_en: 'She plays chess.',
      backstory_ru: 'Она играет в шахматы.',
      personality_en: 'sharp, warm',
      personality_ru: 'острая, тёплая',
    });
    if (!first.ok) throw new Error('draft should parse');
    const v = first.value;
    const bot = {
      _id: 'b1',
      remote_id: 13,
      name: v.name,
      age: v.age,
      sex: v.sex,
      type: v.type,
      body_type: v.body_type,
      hobbies: v.hobbies.en,
      hobbies_ru: v.hobbies.ru,
      desc: v.desc,
      photos: [],
      avatar: null,
      video_avatar: null,
      is_video: v.is_video,
      video_quality: v.video_quality,
      events: [],
      active: v.active,
      sort: v.sort,
      persona: { backstory: v.backstory, personality: v.personality, greetings: v.greetings },
      voice: null,
      card: null,
      media: [],
    } as unknown as StudioBot;
    const again = studioInputFromDraft(studioDraft(bot));
    expect(again).toEqual(first);
  });
});
