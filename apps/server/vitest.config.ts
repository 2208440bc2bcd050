import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Generous limits: several tests build an app of their own, and CI runs both database suites
    // beside the browser journeys on two cores. No test depends on timing; these only stop a hang.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Each file builds its own app and database; two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
    // A worker imports the server once and runs its files one after another: re-importing it for
    // each of the 75 files cost about 6 s apiece, more than the tests themselves (decision 179).
    // Every file builds its own app, database and caches, so nothing carries over between files.
    isolate: false,
  },
});
