import type { EngineLanguage } from '@amora/shared/enums.ts';
import type { BrainContext, BrainReply } from './brain.ts';
import { loadMemory, saveMemory } from './memory.ts';
import { fingerprint } from './text.ts';
import reactionsData from './content/photo-reactions.json' with { type: 'json' };

/*
 * How she reacts when the user sends a photo of theirs (BrainContext.userPhoto). `{name}` becomes
 * the user's name when she knows it. Closer levels sound warmer.
 */
type Stage = 'shy' | 'warm' | 'close';

const reactions = reactionsData as Record<EngineLanguage, Record<Stage, string[]>>;

function stageFor(level: number): Stage {
  return level >= 4 ? 'close' : level >= 3 ? 'warm' : 'shy';
}

function fill(line: string, name: string | null): string {
  return line.replace(/\{, name\}/g, name ? `, ${name}` : '');
}

/**
 * Adds her reaction to the user's photo in front of `base` (her answer to the words that came with
 * it), or makes the whole reply when the photo came alone. Never repeats a recent reaction.
 */
export function reactToPhoto(ctx: BrainContext, base: BrainReply | null, random: () => number): BrainReply {
  const mem = loadMemory(base ? base.memory : ctx.memory);
  if (!base) mem.turn += 1;
  const recent = new Set(mem.recent);
  const lines = reactions[ctx.language][stageFor(ctx.chat.level)];
  const fresh = lines.filter((l) => !recent.has(fingerprint(fill(l, ctx.user.name))));
  const pool = fresh.length ? fresh : lines;
  const line = fill(pool[Math.floor(random() * pool.length)]!, ctx.user.name);
  mem.recent = [...mem.recent, fingerprint(line)].slice(-40);
  const joined = /[.!?…]$|\p{Extended_Pictographic}$/u.test(line) ? line : `${line}.`;
  const text = base ? `${joined} ${base.text}` : line;
  return {
    text,
    memory: saveMemory(mem),
    pointsDelta: (base?.pointsDelta ?? 0) + 1,
    ...(base?.mood ? { mood: base.mood } : {}),
    intent: 'user_photo',
  };
}
