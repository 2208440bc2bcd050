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
  },
});
