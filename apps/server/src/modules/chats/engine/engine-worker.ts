import { createBuiltinBrain } from '@amora/companion/engine/builtin-brain.ts';
import { seededRandom } from '@amora/shared/random.ts';
import { serveJobs } from '../../../lib/thread-worker.ts';
import { runEngineJob, type EngineJob } from './engine-job.ts';

/**
 * The built-in engine's thread (decision 205): her replies are written here, so composing one
 * never blocks the server's event loop and runs beside the statements and sockets. `seed` (tests
 * only) makes its choices reproducible.
 */
serveJobs((options) => {
  const seed = (options as { seed?: number } | undefined)?.seed;
  const brain = createBuiltinBrain(seed === undefined ? {} : { random: seededRandom(seed) });
  return (job: EngineJob) => runEngineJob(brain, job);
});
