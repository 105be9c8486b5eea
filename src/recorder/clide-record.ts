import { packageInfo } from '../config/package-info.js';
import { ensureInstalled } from '../install/index.js';
import { RECORD_ENV } from './clide-record-help.js';
import { COLLECT_EVERY_BYTES } from './collection-pacer.js';
import { recordOutputPath } from './output-path.js';
import { type RecordResult, recordProcess } from './record-process.js';

export { clideRecordHelp, isClideRecordHelp, RECORD_ENV } from './clide-record-help.js';

/**
 * `clide-record [claude args…]`: a drop-in `claude` for any client. Runs the real CLI
 * (`CLIDE_REAL_CLAUDE`, default: the pinned installed version) with the same argv, proxies stdio
 * byte for byte and writes a redacted fixture to `CLIDE_RECORD_OUT` (file, or folder; a relative
 * path only where it is unambiguous: `recordOutputPath`).
 */
export async function runClideRecord(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<RecordResult> {
  // Refused before anything is installed or started.
  const out = recordOutputPath(env[RECORD_ENV.out], process.cwd(), env.PWD);
  let command = env[RECORD_ENV.realClaude];
  let cliVersion: string | undefined;
  if (!command) {
    const installed = await ensureInstalled(packageInfo().pinned);
    command = installed.binaryPath;
    cliVersion = installed.version;
  }
  return recordProcess({
    command,
    args: argv,
    out,
    env,
    cliVersion,
    scenario: env[RECORD_ENV.scenario] || undefined,
    rulesFile: env[RECORD_ENV.rules] || undefined,
    unsafeSkipRules: (env[RECORD_ENV.unsafeSkipRules] ?? '')
      .split(',')
      .map((r) => r.trim())
      .filter((r) => r !== ''),
    // This process is the recorder alone: its memory stays flat over any session length.
    collectEveryBytes: COLLECT_EVERY_BYTES,
  });
}
