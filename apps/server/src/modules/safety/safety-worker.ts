import { detect } from '@amora/companion/safety/detect.ts';
import { serveJobs } from '../../lib/thread-worker.ts';

/**
 * The safety thread (decision 200): the classifier runs here, so screening a message never blocks
 * the server's event loop and runs beside the send's statement.
 */
export type SafetyJob = { text: string; language: string };

serveJobs(() => (job: SafetyJob) => detect(job.text, job.language));
