import { packageInfo } from '../config/package-info.js';
import { ensureInstalled } from '../install/index.js';
import { resolveOutputPath } from './output-path.js';
import { type RecordResult, recordProcess } from './record-process.js';

/** The environment variables `clide-record` reads. */
export const RECORD_ENV = {
  realClaude: 'CLIDE_REAL_CLAUDE',
  out: 'CLIDE_RECORD_OUT',
  rules: 'CLIDE_RECORD_RULES',
  scenario: 'CLIDE_RECORD_SCENARIO',
  /** FOR TESTS ONLY: comma-separated redaction rules to skip, so that the leak scan must refuse the fixture. */
  unsafeSkipRules: 'CLIDE_RECORD_UNSAFE_SKIP_RULES',
} as const;

/**
 * `clide-record [claude args…]`: a drop-in `claude` for any client. Runs the real CLI
 * (`CLIDE_REAL_CLAUDE`, default: the pinned installed version) with the same argv, proxies stdio
 * byte for byte and writes a redacted fixture to `CLIDE_RECORD_OUT` (file, or folder).
 */
export async function runClideRecord(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<RecordResult> {
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
    out: resolveOutputPath(env[RECORD_ENV.out], process.cwd()),
    env,
    cliVersion,
    scenario: env[RECORD_ENV.scenario] || undefined,
    rulesFile: env[RECORD_ENV.rules] || undefined,
    unsafeSkipRules: (env[RECORD_ENV.unsafeSkipRules] ?? '')
      .split(',')
      .map((r) => r.trim())
      .filter((r) => r !== ''),
  });
}
