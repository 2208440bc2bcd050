import type { EngineLanguage } from '@amora/shared/enums.ts';
import enData from './content/phrases-en.json' with { type: 'json' };
import ruData from './content/phrases-ru.json' with { type: 'json' };
import writeFirstData from './content/write-first.json' with { type: 'json' };
import type { Lines, PhraseBook, Tone } from './phrasebook.ts';

/** The phrase books, one data file per language (content/phrases-<lang>.json). */
export const books: Record<EngineLanguage, PhraseBook> = {
  en: enData,
  ru: ruData,
};

/**
 * How she opens a message of her own after a silence ("she writes first"), by tone. The same
 * template slots as the phrase books ({,addr}, {me}, {hobby}...).
 */
export const writeFirstOpeners = writeFirstData as Record<EngineLanguage, Record<Tone, Lines>>;
