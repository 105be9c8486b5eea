import { readFileSync } from 'node:fs';
import { defineConfig } from 'rolldown';

/**
 * The kit's executables that other programs start once per session are bundles: `fake-claude`
 * (started once per test by every suite that mocks `claude`) and `clide-record` (a drop-in
 * `claude`, started once per recorded session), so their start-up is their speed. tsc's output
 * (dist/src) loads dozens of ES modules one by one; each bundle is the compiled entry in one
 * script, dist/bundle/<name>/<name>.cjs (CommonJS, no chunks), which bin/load-bundle.cjs compiles
 * with V8's code cache for the running Node (a script, not a module, because only scripts take a
 * code cache on Node 20). Code a run does not use is never compiled: V8 compiles a function when it
 * is first called. See docs/decisions/ (6, 13). `npm run build` bundles through scripts/bundle.mjs
 * (rolldown's API: no listing of the chunks).
 */
/**
 * A script compiled by `vm.Script` has no module loader for `import()` (Node 20 offers one only
 * as an experimental feature, with a warning on stderr), so the lazy imports of Node's own modules
 * (the HTTP stack) become calls of `__node` (from the intro), still made only when reached: it
 * requires the module then and, as `import()` does, gives a promise of it (a failure rejects), so
 * `await` and `.then` take it alike. The name has the length of `import`, so no column moves and
 * the source map stays exact.
 */
const builtinImportsAsRequire = {
  name: 'builtin-imports-as-require',
  renderChunk(code) {
    return code.replace(/\bimport\((["'])(node:[\w/]+)\1\)/g, '__node($1$2$1)');
  },
};

/**
 * `charset: 'ascii'` escapes non-ASCII characters in strings, not in template literals (a tagged
 * template such as markup.ts's html`…` sees their raw text): what is left is written as `\uXXXX`
 * escapes (an astral character as its surrogate pair), which mean the same character in a
 * template, a string, a regular expression and an identifier. The kit's String.raw texts are
 * regular expressions, where the escape matches the character too.
 */
const asciiLeftovers = {
  name: 'ascii-leftovers',
  renderChunk(code) {
    return code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  },
};

/**
 * Node's own modules that a session may not use are required where first used, not at the top of
 * the bundle: node:stream (~2 ms, for an `instanceof` of the replayer; a piped stdin loads it anyway),
 * node:os and node:timers/promises (~0.5 ms together). Node has already loaded fs, path and util
 * when the bundle starts. The namespace becomes a proxy that requires the module on its first
 * property read (`(0, node_os.homedir)()`, `node_stream.Writable`).
 */
const LAZY_BUILTINS = ['node:os', 'node:stream', 'node:timers/promises'];
const lazyBuiltins = {
  name: 'lazy-builtins',
  renderChunk(code) {
    return code.replace(/^let (\w+) = require\("(node:[\w/]+)"\);$/gm, (line, name, id) =>
      LAZY_BUILTINS.includes(id) ? `let ${name} = __lazyReq("${id}");` : line,
    );
  },
};

/**
 * commander requires node:child_process at its top level, for executable subcommands, which the
 * fake never has; loading it (and net, dgram, … behind it) is ~2 ms of every session's start-up.
 * Its one use goes through a getter that requires the module when reached. The build fails if
 * commander's line changes, so the rewrite cannot silently stop applying.
 */
const COMMANDER_CHILD_PROCESS = /const childProcess = require\((["'])node:child_process\1\);/;
let commanderRewritten = false;
const lazyCommanderChildProcess = {
  name: 'lazy-commander-child-process',
  buildStart() {
    commanderRewritten = false;
  },
  buildEnd(error) {
    if (!error && !commanderRewritten)
      this.error('commander/lib/command.js was not bundled or not rewritten');
  },
  transform(code, id) {
    if (!/[\\/]commander[\\/]lib[\\/]command\.js$/.test(id)) return null;
    commanderRewritten = true;
    if (!COMMANDER_CHILD_PROCESS.test(code)) {
      throw new Error(`${id}: the line to make lazy is gone: ${COMMANDER_CHILD_PROCESS}`);
    }
    return code.replace(
      COMMANDER_CHILD_PROCESS,
      'const childProcess = { get spawn() { return require("node:child_process").spawn; } };',
    );
  },
};

/**
 * The captured behaviour data (src/fake-claude/behaviour/data/, ~90 KB a version) as one string
 * for `JSON.parse` rather than object literals: V8 parses JSON faster than it runs the bytecode of
 * a large literal, and the code cache holds one string instead of that bytecode. Same values.
 */
const jsonAsParse = {
  name: 'json-as-parse',
  load(id) {
    if (!id.endsWith('.json')) return null;
    const value = JSON.parse(readFileSync(id, 'utf8'));
    return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`, moduleType: 'js' };
  },
};

const SCRIPT_INTRO =
  'const __node = (id) => new Promise((resolve) => resolve(require(id)));\nconst __lazyReq = (id) => { let m; return new Proxy({}, { get: (_, key) => (m ??= require(id))[key] }); };';

/** What every bundle of the kit shares: one CommonJS script, ASCII only, read by bin/load-bundle.cjs. */
export function scriptBundle({ name, input, dir, entryFileNames = '[name].cjs', plugins = [] }) {
  const rewriters = [builtinImportsAsRequire, lazyBuiltins, ...plugins, asciiLeftovers];
  return defineConfig({
    plugins: [jsonAsParse, ...rewriters],
    input: { [name]: input },
    platform: 'node',
    output: {
      dir,
      format: 'cjs',
      codeSplitting: false,
      entryFileNames,
      // The sources are ES modules, so strict code; a script must say so.
      strict: true,
      intro: SCRIPT_INTRO,
      sourcemap: true,
      // ASCII only, so that bin/load-bundle.cjs reads it as a one-byte string (checked by
      // scripts/bundle.mjs): non-ASCII characters escaped, and the comments, which may hold some, left out.
      charset: 'ascii',
      comments: false,
    },
    logLevel: 'warn',
    onLog(level, log, handler) {
      if (log.code === 'SOURCEMAP_BROKEN' && rewriters.some((plugin) => plugin.name === log.plugin)) return;
      handler(level, log);
    },
  });
}

/** The fake `claude` executable (bin/fake-claude). */
export default scriptBundle({
  name: 'fake-claude',
  input: 'dist/src/cli/fake-claude.js',
  dir: 'dist/bundle/fake-claude',
  plugins: [lazyCommanderChildProcess],
});

/**
 * bin/fake-claude's client of a warm fake server (`CLIDE_FAKE_SERVER`, src/fake-claude/server/):
 * beside the fake's bundle, a few kilobytes that bin/fake-claude requires instead of the engine.
 * It exports `runFakeClient` (a CommonJS module, not run through the code cache: too small to gain).
 */
export const fakeClientBundle = {
  ...scriptBundle({
    name: 'fake-client',
    input: 'dist/src/cli/fake-client.js',
    dir: 'dist/bundle/fake-claude',
  }),
  // The kit version it tells the server, built in: no package.json to find and read per session.
  transform: {
    define: {
      __CLIDE_KIT_VERSION__: JSON.stringify(
        JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version,
      ),
    },
  },
};

/**
 * The kit's command line, `clide-conformance` (bin/clide-conformance), and the recorder,
 * `clide-record` (bin/clide-record), a drop-in `claude` started once per recorded session, with
 * the worker thread of the recorder's leak scan (src/redact/scan-thread.ts starts
 * `./leak-scan-worker.js` beside its own module: in a bundle, beside the bundle; the folder's
 * package.json, written by scripts/bundle.mjs, makes that a CommonJS file). One folder for the
 * three, so that both commands find the worker.
 */
export const CLI_BUNDLE_DIR = 'dist/bundle/cli';
export const cliBundles = [
  scriptBundle({
    name: 'clide-conformance',
    input: 'dist/src/cli/clide-conformance.js',
    dir: CLI_BUNDLE_DIR,
  }),
  scriptBundle({ name: 'clide-record', input: 'dist/src/cli/clide-record.js', dir: CLI_BUNDLE_DIR }),
  scriptBundle({
    name: 'leak-scan-worker',
    input: 'dist/src/redact/leak-scan-worker.js',
    dir: CLI_BUNDLE_DIR,
    entryFileNames: '[name].js',
  }),
];
