import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    css: false,
    // CI runs these beside lint, typecheck and the build on two cores: only a hang should fail.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
