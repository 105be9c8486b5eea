import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/support/slow-first-sequencer.js';

// vitest's default is one worker fewer than the cores: one on a 2-core machine, where the files
// would run one after the other. Many files spend much of their time waiting (a real CLI's silence
// limit, an interrupt, a client that reads late): one worker more than the cores keeps them busy
// (docs/test-suite-time.md, "Parallelism"). CLIDE_TEST_WORKERS=<n> sets another number.
const workers = Number(process.env.CLIDE_TEST_WORKERS) || availableParallelism() + 1;

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    // CLIDE_TEST_CPU=<file>: each test file's CPU seconds, a line per file (docs/test-suite-time.md).
    setupFiles: process.env.CLIDE_TEST_CPU ? ['test/support/cpu-usage.ts'] : [],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: workers,
    maxConcurrency: 3,
    // On a fresh clone (no durations cached by an earlier run) the longest files start first.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          // Black-box tests (real processes, process-wide state: signals, stdout spies, env): each
          // file in a fresh worker. Listed first, so the long files start first.
          name: 'black-box',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Unit tests beside the code: one module graph per worker, shared by the files it runs.
          // Importing the kit (zod schema sets of every pinned version) anew for each file cost
          // more than the tests themselves (docs/test-suite-time.md).
          name: 'unit',
          include: ['src/**/*.test.ts', 'schemas/**/*.test.ts', 'bench/**/*.test.ts'],
          isolate: false,
          // The build type-checks the sources; this pass checks the test files (and runs the
          // `*.test-d.ts` type tests) against the built declarations, so nothing is checked twice.
          // `npm test` builds first.
          typecheck: { enabled: true, include: ['**/*.test-d.ts'], tsconfig: './tsconfig.test.json' },
        },
      },
    ],
  },
});
