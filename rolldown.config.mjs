import { defineConfig } from 'rolldown';

/**
 * The `fake-claude` executable is started once per test by every suite that mocks `claude`, so
 * its start-up is its speed. tsc's output (dist/src) loads ~25 modules one by one; this bundles
 * the compiled entry into dist/bundle/fake-claude/ — one module for the common path, with the
 * lazily imported parts (replay mode, the scripted engine, zod's classic API for the ZodError
 * text) as chunks loaded only when used. bin/fake-claude runs the bundle. See docs/decisions/.
 * `npm run build` bundles through scripts/bundle.mjs (rolldown's API: no listing of the chunks).
 */
export default defineConfig({
  input: { 'fake-claude': 'dist/src/cli/fake-claude.js' },
  platform: 'node',
  output: { dir: 'dist/bundle/fake-claude', format: 'esm', sourcemap: true },
  logLevel: 'warn',
});
