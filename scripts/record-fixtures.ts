/**
 * Records the committed corpus: every catalogue scenario (or those matching the given id
 * prefixes) driven against the real CLI through `clide-record`, into
 * `fixtures/<cli version>/<scenario id, "/" → "__">.jsonl`. Usage:
 *   npm run fixtures:record [-- [--cc-version V] [id-prefix…]]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageInfo } from '../src/config/package-info.js';
import { fixtureFileName } from '../src/fixture/index.js';
import { ensureInstalled } from '../src/install/index.js';
import { RECORD_ENV } from '../src/recorder/index.js';
import { runScenario, selectScenarios } from '../src/scenarios/index.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const versionAt = args.indexOf('--cc-version');
  const version = versionAt >= 0 ? args.splice(versionAt, 2)[1]! : packageInfo().pinned;
  const installed = await ensureInstalled(version);
  const dir = join(packageInfo().root, 'fixtures', installed.version);
  mkdirSync(dir, { recursive: true });
  const queue = selectScenarios(args);
  const recorder = join(packageInfo().root, 'bin', 'clide-record');
  const auxiliaryDir = `${mkdtempSync(join(tmpdir(), 'clide-aux-recordings-'))}/`;
  let failed = 0;
  const worker = async () => {
    for (let scenario = queue.shift(); scenario; scenario = queue.shift()) {
      const out = join(dir, fixtureFileName(scenario.id));
      const run = await runScenario(scenario, {
        binary: recorder,
        env: {
          [RECORD_ENV.realClaude]: installed.binaryPath,
          [RECORD_ENV.out]: out,
          [RECORD_ENV.scenario]: scenario.id,
        },
        // Earlier sessions and extra starts of a scenario are not part of its fixture.
        auxiliaryEnv: { [RECORD_ENV.realClaude]: installed.binaryPath, [RECORD_ENV.out]: auxiliaryDir },
      });
      if (!run.passed) {
        failed += 1;
        rmSync(out, { force: true });
        process.stderr.write(`FAILED ${scenario.id}: ${run.findings.map((f) => f.message).join('; ')}\n`);
      } else {
        process.stderr.write(`recorded ${scenario.id} (${run.durationMs} ms)\n`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  rmSync(auxiliaryDir, { recursive: true, force: true });
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
