import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Each file builds its own app and database; two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
