import type { Brain, BrainContext, BrainReply } from '@amora/companion/engine/brain.ts';

/** One piece of work for the engine's thread (decision 205): what to write, and all it reads. */
export type EngineJob =
  | { kind: 'reply'; ctx: BrainContext }
  | { kind: 'greeting'; ctx: Omit<BrainContext, 'userMessage' | 'history'> }
  | { kind: 'writeFirst'; ctx: BrainContext };

/** Does the job with `brain`, on whichever thread calls it. */
export function runEngineJob(brain: Brain, job: EngineJob): Promise<BrainReply> {
  switch (job.kind) {
    case 'reply':
      return brain.reply(job.ctx);
    case 'greeting':
      return brain.greeting(job.ctx);
    case 'writeFirst':
      if (!brain.writeFirst) throw new Error(`the ${brain.name} engine does not write first`);
      return brain.writeFirst(job.ctx);
  }
}
