import type { FactIntent, Intent } from './intents.ts';

/**
 * The shape of a language's phrase book for the built-in engine.
 *
 * Templates may use these slots (filled by compose.ts):
 * - `{,addr}` ", <name or pet name>" or nothing; `{addr}` the bare address (name, pet name or "you")
 * - `{me}` her name, `{age}` her age (Russian: `{ageYears}` "22 года"), `{city}`, `{job}`
 * - `{hobby}` one of her hobbies, `{hobbyLine}` something she says about it, `{like}`, `{dislike}`,
 *   `{doing}`, `{cityLine}`, `{jobLine}`, `{dream}`, `{phrase}`, `{laugh}`, `{pet}` (a pet name)
 * - `{u.name}`, `{u.city}`, `{u.job}`, `{u.like}`, `{u.plan}`, `{u.pet}`, `{u.petName}`, `{u.age}` what the user told
 * - `{f|m}` picks by HER sex, `<m|f>` by the user's sex (masculine when unknown)
 */
export type Lines = readonly string[];

/** Lines for one intent. A level without lines uses the nearest lower level. */
export type IntentLines = {
  1: Lines;
  2?: Lines;
  3?: Lines;
  4?: Lines;
  /** Her mood is Cold (replaces the level lines). */
  cold?: Lines;
  /** Her mood is Sad or Sick (replaces the level lines). */
  sad?: Lines;
  /** Mixed in when the chat mode is dominant / submissive. */
  dominant?: Lines;
  submissive?: Lines;
  /** Level 3+ with spicy on: flirtier (never explicit). Replaces the level lines. */
  spicy?: Lines;
  /** Topics: her answer when the user asked about HER ("what music do you like?"). */
  ask?: Lines;
  /** Facts: when she does not know the answer. */
  unknown?: Lines;
};

export type BodyIntent = Exclude<Intent, FactIntent | 'question_back'>;

export type Tone = 'neutral' | 'warm' | 'excited' | 'sad' | 'cold';

/** How what the user told can be acknowledged and recalled, by fact and grammatical kind. */
export const factForms = [
  'city.en',
  'city.prep',
  'city.gen',
  'city.nom',
  'city.acc',
  'job.role',
  'job.at',
  'job.study',
  'job.instr',
  'job.nom',
  'job.does',
  'like.love',
  'like.nom',
  'like.said',
  'like.instr',
  'plan',
  'pet',
  'pet.named',
  'age',
] as const;
export type FactForm = (typeof factForms)[number];

export type ProfileAck =
  'family' | 'family.named' | 'petname' | 'dislike' | 'fav' | 'birthday' | 'event' | 'study';

export type AskTopic = 'name' | 'city' | 'job' | 'like' | 'plan' | 'pet';

export type PhraseBook = {
  intents: Record<BodyIntent, IntentLines>;
  /** Optional first words by her tone. */
  openers: Record<Tone, Lines>;
  /** A short greeting put in front when the user said hi and asked something else. */
  greetBack: Lines;
  /** Questions that keep the conversation going, by chat mode. */
  followUps: { gentle: Lines; dominant: Lines; submissive: Lines };
  /** Questions about the user, for what she does not know yet. */
  askUser: Record<AskTopic, Lines>;
  /** Reactions when the user tells something about themselves. */
  ackName: Lines;
  ack: Record<FactForm, Lines>;
  /** Bringing it back later. */
  recall: Record<FactForm, Lines>;
  /** Wrappers around a line about one of her hobbies (`{hobbyLine}`). */
  hobbyShare: Lines;
  /** Wrappers around one of her signature phrases (`{phrase}`). */
  phraseShare: Lines;
  /** Warm tails: friendly at level 2 (may mention selfies), affectionate at 3 and 4. */
  affection: { 2: Lines; 3: Lines; 4: Lines };
  /** Said in front of an answer she already gave recently. */
  repeatAsk: Lines;
  /** Answers to "how are you" that reflect her mood. */
  herMood: { sad: Lines; sick: Lines; cold: Lines; excited: Lines };
  /** Short mode-flavoured tails. */
  modeTail: { gentle: Lines; dominant: Lines; submissive: Lines };
  /** Her answer to "and you?" when there is no clear topic. */
  questionBack: Lines;
  /** Topics she can answer for "and you?" about plans and pets. */
  herPlans: Lines;
  herPets: Lines;
  /** When the user tells again something she already knows. */
  remember: Lines;
  /** Used for `{addr}` when there is no name and no pet name yet. */
  you: string;
  sadEmoji: Lines;
  /** The structured profile: acknowledging new facts, answering questions about the user. */
  profile: {
    /** When the user tells a relative, a pet's name, a dislike, a favourite, a birthday, an event, a study. */
    ack: Record<ProfileAck, Lines>;
    /** Answers to "what's my X?", by what is asked and how it was told. */
    answer: Record<string, Lines>;
    /** Honest "you haven't told me yet", by what is asked. */
    unknown: Record<string, Lines>;
  };
  /** Answers to a question she cannot place, about its subject (`{topic}`). */
  questionAbout: Lines;
  /** Soft follow-ups after sad news or grief, instead of small talk. */
  gentleFollowUps: Lines;
  /** Last-resort tails that make a reply unique (she thinks aloud). */
  extraTails: Lines;
};
