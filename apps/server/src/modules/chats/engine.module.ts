import type { Brain } from '@amora/companion/engine/brain.ts';
import { createBuiltinBrain } from '@amora/companion/engine/builtin-brain.ts';
import { engineLanguages, languages, type Language } from '@amora/shared/enums.ts';
import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { AppSocketServer } from '../../plugins/socket.ts';
import { createAiStatusTracker, type AiStatusTracker } from './ai-status.ts';
import { aiStatusRoutes } from './ai-status.routes.ts';
import { createOpenAiBrain } from './engine/openai-brain.ts';
import { createOpenAiClient } from './engine/openai-client.ts';
import { createThreadedBrain } from './engine/threaded-brain.ts';

export type Engine = {
  brain: Brain;
  aiStatus: AiStatusTracker;
  /** The chat languages the engine writes. */
  chatLanguages: readonly Language[];
};

/**
 * The engine that writes her replies (DESIGN §4): OpenAI-compatible when LLM_BASE_URL and
 * LLM_MODEL are set (it writes every chat language of SPEC §3), else the built-in one (en, ru).
 * Its health is public: `GET /api/chat/ai-status` and the `ai_status` socket event.
 */
export function registerEngineModule(
  app: AppInstance,
  deps: {
    config: Config;
    realtime: Realtime;
    io: AppSocketServer;
    /** Replaces the engine (tests), with the languages it writes. */
    brain?: Brain | undefined;
    chatLanguages?: readonly Language[] | undefined;
  },
): Engine {
  const { config } = deps;
  const llm =
    !deps.brain && config.LLM_BASE_URL && config.LLM_MODEL
      ? { baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL }
      : null;
  const chatLanguages = deps.chatLanguages ?? (llm ? languages : engineLanguages);
  const aiStatus = createAiStatusTracker({
    engine: deps.brain?.name ?? (llm ? 'openai' : 'builtin'),
    languages: chatLanguages,
    onChange: (status) => {
      app.log.warn({ aiStatus: status }, 'AI status changed');
      deps.realtime.toAll('ai_status', status);
    },
  });
  deps.io.on('connection', (s) => {
    s.on('request_lifecheck_ai', () => s.emit('ai_status', aiStatus.current()));
  });
  const builtinBrain = createBuiltinBrain();
  /** The built-in engine writes her replies on a thread of its own (decision 205). */
  const threaded = () => {
    const b = createThreadedBrain(builtinBrain, { log: app.log });
    app.addHook('onClose', () => b.close());
    return b;
  };
  const brain =
    deps.brain ??
    (llm
      ? createOpenAiBrain({
          client: createOpenAiClient({
            baseUrl: llm.baseUrl,
            apiKey: config.LLM_API_KEY,
            model: llm.model,
            timeoutMs: config.LLM_TIMEOUT_MS,
            idleTimeoutMs: config.LLM_IDLE_TIMEOUT_MS,
            retries: config.LLM_RETRIES,
            retryBaseMs: config.LLM_RETRY_BASE_MS,
          }),
          referee: builtinBrain,
          status: aiStatus,
          contextTokens: config.LLM_CONTEXT_TOKENS,
          onSummaryError: (err) => app.log.warn({ err }, 'chat summary failed'),
        })
      : threaded());
  aiStatusRoutes(app, aiStatus);
  return { brain, aiStatus, chatLanguages };
}
