import { defineConfig } from 'vitest/config';

/** Runs the examples (kept out of the kit's default test run): `npx vitest run --config examples/vitest.config.ts`. */
export default defineConfig({
  test: {
    include: ['examples/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
