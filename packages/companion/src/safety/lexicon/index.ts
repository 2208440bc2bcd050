import en from './en.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

/**
 * Feature families of the scored safety layer (decision 060), per language. Each entry is a
 * pattern in the `patterns/` dialect (`\b`, `{l}`; `{grade}` captures a school grade, `{year}` a
 * birth year). Only languages with a lexicon get the scored layer; the others rely on the
 * pattern files alone.
 */
export type LexiconSource = {
  /**
   * Per chat language, words of that language this lexicon must not read when it reads one of its
   * messages: German and Dutch "die" is an article, not the English verb.
   */
  falseFriends?: Record<string, string[]>;
  crisis: Partial<
    Record<
      | 'ideation'
      | 'death'
      | 'selfharm'
      | 'hopeless'
      | 'farewell'
      | 'method'
      | 'intent'
      | 'self'
      | 'negation'
      | 'other'
      | 'joke',
      string[]
    >
  >;
  minor: {
    ordinals?: Record<string, number>;
    maxGrade?: number;
    grade?: string[];
    born?: string[];
    profile?: string[];
    school?: string[];
    parental?: string[];
    self?: string[];
    past?: string[];
    adult?: string[];
    other?: string[];
  };
};

export const lexiconSources: Record<string, LexiconSource> = { en, ru };
