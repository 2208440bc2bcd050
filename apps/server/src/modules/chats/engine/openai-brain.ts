import { Language } from '@amora/shared/enums.ts';
import { z } from 'zod';
import type { AiStatusTracker } from '../ai-status.ts';
import type { Brain, BrainContext, BrainReply, ChatMemory } from '@amora/companion/engine/brain.ts';
import { loadMemory, saveMemory } from '@amora/companion/engine/memory.ts';
import type { OpenAiClient } from './openai-client.ts';
import { buildPrompt, summaryPrompt, type PromptInput } from './openai-prompt.ts';

/*
 * The OpenAI-compatible engine. The model writes her words; the built-in engine still referees the
 * relationship on every turn (facts the user told, points, mood), so both engines share one memory
 * and one set of rules, and switching engines keeps what she knows (docs/decisions).
 */

/** The engine's own part of the chat memory, beside the shared built-in memory. */
const LlmMemory = z.object({
  summary: z.string().max(1200).nullable(),
  /** The turn at which the summary was last updated. */
  turn: z.number().int().min(0),
});
type LlmMemory = z.infer<typeof LlmMemory>;

function readLlmMemory(raw: ChatMemory): LlmMemory {
  const parsed = LlmMemory.safeParse(raw.llm);
  return parsed.success ? parsed.data : { summary: null, turn: 0 };
}

export type OpenAiBrainOptions = {
  client: OpenAiClient;
  /** The built-in engine, used as the relationship referee and as the greeting fallback. */
  referee: Brain;
  status?: AiStatusTracker;
  /** Tokens the model may see per request, reply included. */
  contextTokens: number;
  /** max_tokens of a reply. */
  replyTokens?: number;
  /** Fold the conversation into the rolling summary every this many turns. */
  summaryEvery?: number;
  onSummaryError?: (err: unknown) => void;
  /** How long opening a chat waits for the model's greeting before using the built-in one. */
  greetingTimeoutMs?: number;
};

const SUMMARY_MAX_CHARS = 900;

/** Stands in for the user's turn when she writes first after a silence. */
export const WRITE_FIRST_CUE =
  '(has not written to you for a while. You write to them first: one or two short sentences that fit your mood and what you remember about them; do not reproach them.)';

/** Drops what models like to add around a chat line: a "Name:" label, wrapping quotes. */
export function tidyReply(text: string, name: string): string {
  let t = text.replace(/^\s+/, '');
  const label = new RegExp(`^(?:${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|assistant)\\s*:\\s*`, 'i');
  t = t.replace(label, '');
  if (/^["«“]/.test(t)) t = t.slice(1);
  return t;
}

function finalText(text: string, name: string): string {
  let t = tidyReply(text, name).trim();
  if (/["»”]$/.test(t) && !/["«“]/.test(t.slice(0, -1))) t = t.slice(0, -1).trim();
  return t;
}

export function createOpenAiBrain(opts: OpenAiBrainOptions): Brain {
  const { client, referee, status } = opts;
  const replyTokens = opts.replyTokens ?? 250;
  const summaryEvery = opts.summaryEvery ?? 8;

  /** The model's messages for this turn, in the chat's language, and her name there (to tidy the reply). */
  function promptFor(ctx: PromptInput['ctx'], memory: PromptInput['memory'], summary: string | null) {
    const language = ctx.chatLanguage ?? Language.catch('en').parse(ctx.language);
    const { messages } = buildPrompt({
      ctx,
      language,
      memory,
      summary,
      budgetTokens: opts.contextTokens,
      replyTokens,
    });
    return { messages, name: ctx.character.persona.displayName[language === 'ru' ? 'ru' : 'en'] };
  }

  async function writeReply(ctx: BrainContext, onText: (text: string) => void): Promise<BrainReply> {
    // The referee reads the user's message: facts, points, mood, intent. Its own words are not used.
    const judged = await referee.reply(ctx);
    const mem = loadMemory(judged.memory);
    // It may have asked a question the model did not; do not read the next bare answer against it.
    delete mem.awaiting;
    const llm = readLlmMemory(ctx.memory);
    const { messages, name } = promptFor(ctx, mem, llm.summary);
    let result;
    try {
      result = await client.stream({ messages, maxTokens: replyTokens, temperature: 0.9 }, (t) => {
        const shown = tidyReply(t, name);
        if (shown.trim()) onText(shown);
      });
    } catch (err) {
      status?.failure();
      throw err;
    }
    status?.success({ retried: result.attempts > 1 });
    const text = finalText(result.text, name);

    let nextLlm = llm;
    if (mem.turn > 0 && mem.turn % summaryEvery === 0) {
      try {
        const summary = await client.complete(
          {
            messages: summaryPrompt({
              characterName: name,
              previous: llm.summary,
              history: [...ctx.history, { self: true, text: ctx.userMessage }, { self: false, text }],
              maxChars: SUMMARY_MAX_CHARS,
            }),
            maxTokens: Math.ceil(SUMMARY_MAX_CHARS / 3),
            temperature: 0.2,
          },
          { retries: 0 },
        );
        nextLlm = { summary: summary.slice(0, SUMMARY_MAX_CHARS), turn: mem.turn };
      } catch (err) {
        // The old summary stays; the next summary turn tries again.
        opts.onSummaryError?.(err);
      }
    }

    return {
      text,
      memory: { ...saveMemory(mem), llm: nextLlm },
      pointsDelta: judged.pointsDelta,
      ...(judged.mood ? { mood: judged.mood } : {}),
      intent: judged.intent,
    };
  }

  const writeFirst = referee.writeFirst?.bind(referee);
  return {
    name: 'openai',
    seesPhotos: true,
    /*
     * "She writes first": the model writes the opening line from the same persona, mood, memory and
     * recent history as a reply; the built-in engine's line (in her voice, offline) is the fallback
     * when the model is down, slow or answers nothing. The rolling summary stays as it was.
     */
    ...(writeFirst
      ? {
          async writeFirst(ctx: BrainContext): Promise<BrainReply> {
            const fallback = await writeFirst(ctx);
            const llm = readLlmMemory(ctx.memory);
            const offline = { ...fallback, memory: { ...fallback.memory, llm } };
            if (status?.current().status === 'down') return offline;
            const mem = loadMemory(fallback.memory);
            const { messages, name } = promptFor({ ...ctx, userMessage: WRITE_FIRST_CUE }, mem, llm.summary);
            try {
              const text = finalText(
                await client.complete(
                  { messages, maxTokens: 120, temperature: 0.9 },
                  { retries: 0, timeoutMs: opts.greetingTimeoutMs ?? 8000 },
                ),
                name,
              );
              status?.success({ retried: false });
              if (!text) return offline;
              // Her own words this time: the built-in engine is not waiting for an answer to its question.
              delete mem.awaiting;
              return { ...fallback, text, memory: { ...saveMemory(mem), llm } };
            } catch {
              status?.failure();
              return offline;
            }
          },
        }
      : {}),
    reply(ctx) {
      return writeReply(ctx, () => undefined);
    },
    stream(ctx, onText) {
      return writeReply(ctx, onText);
    },
    /**
     * Her opening line written by the model; when the model is down or slow, the built-in greeting
     * (written for this character) is used, so opening a chat never fails because of the model.
     */
    async greeting(ctx) {
      const fallback = await referee.greeting(ctx);
      if (status?.current().status === 'down') return fallback;
      const mem = loadMemory(fallback.memory);
      const greetingCtx = {
        ...ctx,
        history: [],
        userMessage: '(opened the chat with you for the first time)',
      };
      const { messages, name } = promptFor(greetingCtx, mem, null);
      try {
        const text = await client.complete(
          { messages, maxTokens: 120, temperature: 0.9 },
          { retries: 0, timeoutMs: opts.greetingTimeoutMs ?? 8000 },
        );
        status?.success({ retried: false });
        // She greets in her own words, so the built-in engine is not waiting for an answer to its question.
        delete mem.awaiting;
        return { ...fallback, text: finalText(text, name), memory: saveMemory(mem) };
      } catch {
        status?.failure();
        return fallback;
      }
    },
  };
}
