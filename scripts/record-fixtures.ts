/**
 * Records the committed corpus: every catalogue scenario (or those matching the given id
 * prefixes) driven against the real CLI through `clide-record`, into
 * `fixtures/<cli version>/<scenario id, "/" → "__">.jsonl`. Usage:
 *   npm run fixtures:record [-- [--cc-version V] [id-prefix…]]
 * (`clide-conformance pin` does this and more for a newly pinned version.)
 */
import { join } from 'node:path';
import { packageInfo } from '../src/config/package-info.js';
import { ensureInstalled } from '../src/install/index.js';
import { recordCorpus } from '../src/pin/record-corpus.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const versionAt = args.indexOf('--cc-version');
  const version = versionAt >= 0 ? args.splice(versionAt, 2)[1]! : packageInfo().pinned;
  const installed = await ensureInstalled(version);
  const result = await recordCorpus({
    version: installed.version,
    binaryPath: installed.binaryPath,
    dir: join(packageInfo().root, 'fixtures', installed.version),
    only: args,
    onProgress: (line) => process.stderr.write(`${line}\n`),
  });
  return result.failed.length === 0 ? 0 : 1;
}

process.exitCode = await main();
