import type { SafetyVerdict } from '@amora/companion/safety/detect.ts';
import { crisisReply, minorReply } from '@amora/companion/safety/respond.ts';
import type { SafetyEventView, SafetyHoldResponse } from '@amora/shared/safety.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createEntityCache } from '../../lib/entity-cache.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { SharedState } from '../../lib/shared-state.ts';
import { newId } from '../../lib/tokens.ts';
import type { UsersService } from '../users/users.service.ts';
import { createSafetyClassifier, type SafetyClassifier } from './classifier.ts';
import type { SafetyRepository } from './safety.repository.ts';

const EXCERPT_CHARS = 280;

/** What the chat service does instead of asking the engine (decision 044). */
export type SafetyIntercept = {
  kind: 'crisis' | 'minor';
  /** Her reply, out of the role-play frame, in the chat language. */
  reply: string;
};

export type SafetyDeps = {
  db: Db;
  repo: SafetyRepository;
  users: UsersService;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** The bus that keeps every node's cache of holds current (decision 091). */
  shared: SharedState;
  /** Where the classifier runs (decision 200); by default its own thread in the built server. */
  classifier?: SafetyClassifier;
};

/**
 * The safety layer in front of every engine (decisions 044–046). `screen` looks at a user's
 * message before any engine sees it: a crisis statement gets a warm reply with a real crisis line
 * and is recorded for the operator; an under-18 statement stops the chat and puts the account on
 * hold for age review (every write then answers 403 AGE_REVIEW) until an operator restores or
 * closes it.
 */
export function createSafetyService(deps: SafetyDeps) {
  const { db, repo, users, realtime, log } = deps;
  const classifier = deps.classifier ?? createSafetyClassifier({ log });
  /** Every write is guarded by the hold, so it is read from a cache that every hold change clears. */
  const holds = createEntityCache({
    name: 'safety-hold',
    shared: deps.shared,
    load: (userId: string) => repo.findHold(db, userId),
  });

  async function record(
    kind: 'crisis' | 'minor',
    input: { user: UserRow; chatId: string | null; messageId: string | null; text: string; language: string },
    statedAge: number | null,
  ) {
    return repo.insertEvent(db, {
      id: newId(),
      userId: input.user.id,
      chatId: input.chatId,
      messageId: input.messageId,
      kind,
      excerpt: [...input.text].slice(0, EXCERPT_CHARS).join(''),
      language: input.language,
      statedAge,
      profileAge: input.user.age,
    });
  }

  return {
    /** Resolves once this node hears hold changes from the others. */
    start: () => holds.start(),
    /** Stops the classifier's thread (the server is closing). */
    stop: () => classifier.close(),
    /**
     * Compiles the patterns of these chat languages before the first message needs them
     * (decision 150), on the classifier's thread: the caller warms the engine meanwhile.
     */
    async warmUp(languages: readonly string[], texts: readonly string[]): Promise<void> {
      await Promise.all(languages.flatMap((l) => texts.map((t) => classifier.classify(t, l))));
    },
    /**
     * Starts classifying a message (decision 200): the send calls it before its statement, so the
     * verdict is ready when the reply screens the message.
     */
    classify(text: string, language: string): Promise<SafetyVerdict> {
      return classifier.classify(text, language);
    },
    /**
     * Screens one user message in a chat. Returns what to answer instead of the engine, or null
     * when the message is fine to pass on. `verdict` is the message's classification when the
     * caller already started it (`classify`, with the same text and language).
     */
    async screen(input: {
      user: UserRow;
      chatId: string;
      messageId: string;
      text: string;
      language: string;
      verdict?: Promise<SafetyVerdict>;
    }): Promise<SafetyIntercept | null> {
      if (!input.text.trim()) return null;
      if (input.verdict) classifier.collect();
      const verdict = await (input.verdict ?? classifier.classify(input.text, input.language));
      if (!verdict.crisis && !verdict.minor) return null;
      const country = input.user.country ?? input.user.geoCountry;
      let reply = verdict.crisis ? crisisReply(input.language, country) : '';
      if (verdict.crisis) await record('crisis', input, null);
      if (verdict.minor) {
        // An adult age from onboarding does not outweigh a plain statement in the chat: review.
        const event = await record('minor', input, verdict.age);
        await repo.hold(db, input.user.id, event.id);
        holds.invalidate(input.user.id);
        log.warn({ userId: input.user.id, eventId: event.id }, 'account on hold for age review');
        reply = reply ? `${reply}\n\n${minorReply(input.language)}` : minorReply(input.language);
        realtime.toUser(input.user.id, 'safety_hold', { reason: 'age_review' });
      }
      return { kind: verdict.minor ? 'minor' : 'crisis', reply };
    },

    async status(userId: string): Promise<'none' | 'review' | 'closed'> {
      const hold = await holds.get(userId);
      return hold?.status ?? 'none';
    },

    /**
     * Throws 403 AGE_REVIEW while the account is on hold (the write guard). The support chat stays
     * open (`supportChatId`): that is how a held user reaches the team.
     */
    async assertWritable(userId: string, supportChatId?: string): Promise<void> {
      if (!(await holds.get(userId))) return;
      if (supportChatId && (await repo.isSupportChat(db, userId, supportChatId))) return;
      throw new AppError('AGE_REVIEW', 'safety.ageReview');
    },

    async events(limit = 100): Promise<SafetyEventView[]> {
      const rows = await repo.listEvents(db, limit);
      return rows.map(({ event, email, hold }) => ({
        _id: event.id,
        createdAt: event.createdAt.toISOString(),
        kind: event.kind,
        userId: event.userId,
        userEmail: email,
        chatId: event.chatId,
        excerpt: event.excerpt,
        language: event.language,
        statedAge: event.statedAge,
        profileAge: event.profileAge,
        hold: hold ?? 'none',
      }));
    },

    /** The operator found the account is an adult's: the hold is lifted. */
    async restore(userId: string): Promise<SafetyHoldResponse> {
      const user = await users.findById(userId);
      if (!user) throw notFound('user.notFound');
      const released = await repo.deleteHold(db, userId);
      holds.invalidate(userId);
      if (released) realtime.toUser(userId, 'safety_released', {});
      return { userId, hold: 'none' };
    },

    /** The operator closes the account (deleted as on the user's own request; the hold stays). */
    async close(userId: string): Promise<SafetyHoldResponse> {
      const user = await users.findById(userId);
      if (!user) throw notFound('user.notFound');
      await repo.closeHold(db, userId);
      holds.invalidate(userId);
      await users.deactivate(userId);
      return { userId, hold: 'closed' };
    },
  };
}
export type SafetyService = ReturnType<typeof createSafetyService>;
