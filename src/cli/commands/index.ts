import type { Command } from 'commander';
import { registerBisect } from './bisect.js';
import { registerChangelog } from './changelog.js';
import { registerCoverage } from './coverage.js';
import { registerDiff } from './diff.js';
import { registerFakeServer } from './fake-server.js';
import { registerInstall } from './install.js';
import { registerList } from './list.js';
import { registerMatrix } from './matrix.js';
import { registerMergeReports } from './merge-reports.js';
import { registerMockApi } from './mock-api.js';
import { registerPin } from './pin.js';
import { registerRecord } from './record.js';
import { registerRun } from './run.js';
import { registerValidate } from './validate.js';

/**
 * Every subcommand lives in its own file and registers itself here. A command file imports only
 * what its options need at the top; its implementation is imported in its action (`await
 * import(…)`), after the flags are checked, so that `--help`, `--version` and a usage error load no
 * command's code (test/cli-lazy-loading.test.ts).
 */
export function registerCommands(program: Command): void {
  registerInstall(program);
  registerMockApi(program);
  registerFakeServer(program);
  registerValidate(program);
  registerRun(program);
  registerMergeReports(program);
  registerList(program);
  registerDiff(program);
  registerRecord(program);
  registerChangelog(program);
  registerCoverage(program);
  registerPin(program);
  registerBisect(program);
  registerMatrix(program);
}
