// Runs one of the kit's bundles (dist/bundle/<name>/<name>.cjs, one script each: rolldown.config.mjs)
// from V8's code cache, so that a start-up skips compiling it. A cache is for one build of the
// bundle, one Node version and one arch: code-cache/<node>-<arch>-<build>.bin beside the bundle.
// `npm run build` writes the one for the Node that builds; under another Node the first run
// without Node flags writes it as it exits, when the folder is writable.
// V8 checks a cache before it uses it (its version, its flags, the source) and compiles afresh
// when it does not fit, so a wrong or damaged cache costs time, never a run.
// See docs/decisions/0013-fake-claude-code-cache.md.
'use strict';
const { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const vm = require('node:vm');

/** Runs the bundle `file` in this process (its `require` is this script's: Node's own modules only). */
exports.runBundle = function runBundle(file) {
  // The build writes each bundle in ASCII only (scripts/bundle.mjs checks it): read as latin1, it
  // is a one-byte string with no UTF-8 decoding, half the memory of a two-byte one.
  const source = readFileSync(file, 'latin1');
  // The build names each bundle (its first line); a cache is for one bundle, one Node, one arch.
  const build = /^\/\/ [\w-]+ build ([\w-]+)/.exec(source)?.[1] ?? 'unnamed';
  const cacheFile = join(dirname(file), 'code-cache', `${process.version}-${process.arch}-${build}.bin`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {}
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  if (!cachedData && process.execArgv.length === 0 && !process.env.NODE_OPTIONS) {
    // At exit, so that the cache also holds the functions the run compiled, not only the top level.
    process.once('exit', () => {
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      try {
        mkdirSync(dirname(cacheFile), { recursive: true });
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // A read-only or full folder: the run goes on without a cache.
        try {
          rmSync(temporary, { force: true });
        } catch {}
      }
    });
  }
  const bundle = { exports: {} };
  script.runInThisContext()(bundle.exports, require, bundle, file, dirname(file));
};
