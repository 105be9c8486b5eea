/**
 * The black-box test files that need a fresh worker each (vitest's `isolate`): they change state
 * of the process they run in — spy on or replace `process.stdout`, set `process.exitCode`, install
 * signal or exit handlers, change `process.env` or the cwd, mock modules — or check that the
 * process holds no handle or child when they end. Every other black-box file shares its worker's
 * module graph with the files before it (one import of the kit per worker instead of one per file:
 * docs/test-suite-time.md). test/isolated-files.test.ts fails when a file that does any of the
 * above is missing here.
 */
export const ISOLATED_FILES = [
  'test/canary.run.test.ts',
  'test/canary.shard-merge.test.ts',
  'test/docs.ci-gate.test.ts',
  'test/driver.process-cleanup.test.ts',
  'test/fake-claude.in-process.test.ts',
  'test/record-pin.interrupt.test.ts',
  'test/recorder.sigkill.test.ts',
  'test/recorder.test.ts',
];

/**
 * What a test file does that needs a worker of its own (matched in its source): process-wide
 * state, module mocks, or a look at the process's own handles.
 */
export const PROCESS_STATE_PATTERNS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'spies on process members', pattern: /spyOn\(\s*process\b/ },
  { what: 'replaces process.stdout/stderr members', pattern: /process\.std(out|err)\.\w+\s*=[^=]/ },
  { what: 'sets process.exitCode', pattern: /process\.exitCode\s*=[^=]/ },
  { what: 'installs process event handlers', pattern: /process\.(on|once|addListener|prependListener)\(/ },
  {
    what: 'changes process.env',
    pattern: /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete\s+process\.env|Object\.assign\(\s*process\.env/,
  },
  { what: 'mocks modules or globals', pattern: /vi\.(mock|doMock|stubEnv|stubGlobal)\(/ },
  { what: 'changes the cwd', pattern: /process\.chdir\(/ },
  {
    what: 'looks at the process’s own handles',
    pattern: /getActiveResourcesInfo|_getActiveHandles|_getActiveRequests/,
  },
];
