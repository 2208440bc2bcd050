import { defineConfig } from 'vitest/config';

// CI runs these beside lint, typecheck and the build on two cores: a generous limit only stops a
// hang; no test depends on timing.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
