/**
 * `npm run build`'s last step: bundles the fake-claude executable as rolldown.config.mjs says,
 * through rolldown's API rather than its CLI, so that a build prints warnings and errors only (the
 * CLI lists every chunk it writes). `node scripts/bundle.mjs [out-dir]` writes elsewhere.
 */
import { build } from 'rolldown';
import config from '../rolldown.config.mjs';

const outDir = process.argv[2];
try {
  await build(outDir ? { ...config, output: { ...config.output, dir: outDir } } : config);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
