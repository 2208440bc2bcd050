import da from './da.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };
import no from './no.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import ro from './ro.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import sv from './sv.json' with { type: 'json' };

/**
 * One language's safety patterns (data, decision 044). Regular expressions over normalised text
 * (see normalize.ts; write them in lower case without apostrophes); `\b` is a word boundary for
 * every script, `{w}` one word, `{l}` any letters (a word ending) and `{num}` an age in digits or
 * one of `numbers`.
 */
export type PatternSource = {
  numbers: Record<string, number>;
  /**
   * Named parts that several patterns share, written `{name}` in them: one list of words kept in
   * one place (a denial's "unless she still speaks of dying", `{stillInCrisis}`).
   */
  define?: Record<string, string>;
  /**
   * `negation`: a first-person denial or a past that is over ("I would never hurt myself", "years
   * ago I was suicidal, therapy helped"). Blanked like a mask; when nothing of `match` is left, the
   * message counts as negated and vetoes the statistical layer too (decision 177).
   */
  crisis: { mask: string[]; match: string[]; negation?: string[] };
  minor: { mask: string[]; match: string[]; age: string[] };
};

export const patternSources = { en, de, fr, es, pt, it, nl, da, no, ro, sv, ru, ja } satisfies Record<
  string,
  PatternSource
>;
export type SafetyLanguage = keyof typeof patternSources;
export const safetyLanguages = Object.keys(patternSources) as SafetyLanguage[];
