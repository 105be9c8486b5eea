/**
 * `npm run build`'s last step: bundles the fake-claude executable and the recorder as
 * rolldown.config.mjs says, through rolldown's API rather than its CLI, so that a build prints
 * warnings and errors only (the CLI lists every chunk it writes). `node scripts/bundle.mjs
 * [out-dir]` writes the fake's bundle elsewhere (and only it).
 *
 * Each bundle is named by a build id on its first line, and bin/load-bundle.cjs keeps V8's code
 * cache per build id and Node. Into dist/bundle this step then writes the caches for the Node that
 * builds: an executable writes its cache as it exits, and here the fake answers an `initialize`
 * request and plays one scripted turn, and the recorder records a short session of a stand-in
 * CLI, so that each cache holds what a start-up compiles.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import config, { CLI_BUNDLE_DIR, cliBundles, fakeClientBundle } from '../rolldown.config.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STREAM_JSON = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];

/** Runs one of the kit's bins once, with no Node flags (they would not fit the cache it writes). */
function runBin(bin, args, { cwd, env = {}, input }) {
  const { NODE_OPTIONS: _, ...parent } = process.env;
  execFileSync(process.execPath, [join(ROOT, 'bin', bin), ...args], {
    cwd,
    env: { ...parent, ...env },
    ...(input === undefined
      ? { stdio: ['ignore', 'ignore', 'pipe'] }
      : { input, stdio: ['pipe', 'ignore', 'pipe'] }),
  });
}

/** `run(home)` in a throw-away folder. */
function inThrowAwayHome(run) {
  const home = mkdtempSync(join(tmpdir(), 'clide-bundle-cache-'));
  try {
    run(home);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const USER_LINE = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'Say hello.' } })}\n`;

/** fake-claude: one text turn in stream-json after an `initialize` control request (the Agent SDK's first message). */
function warmCodeCache() {
  inThrowAwayHome((home) => {
    const script = join(home, 'model-script.json');
    const turn = { blocks: [{ type: 'text', text: 'Hello.' }] };
    writeFileSync(script, JSON.stringify({ version: 1, description: 'code cache warm-up', turns: [turn] }));
    const initialize = { type: 'control_request', request_id: 'warm-up', request: { subtype: 'initialize' } };
    runBin('fake-claude', STREAM_JSON, {
      cwd: home,
      env: { HOME: home, CLAUDE_CONFIG_DIR: join(home, '.claude'), CLIDE_FAKE_SCENARIO: script },
      input: `${JSON.stringify(initialize)}\n${USER_LINE}`,
    });
  });
}

/**
 * clide-record: one recorded session of a stand-in CLI (a Node script that answers a line with a
 * result): the recorder's start-up, its redaction and leak scan, its fixture writer.
 */
function warmRecorderCache() {
  inThrowAwayHome((home) => {
    const cli = join(home, 'claude.cjs');
    const line = (message) => `process.stdout.write(${JSON.stringify(`${JSON.stringify(message)}\n`)})`;
    writeFileSync(
      cli,
      [
        `#!${process.execPath}`,
        `${line({ type: 'system', subtype: 'init', session_id: 'warm-up' })};`,
        "process.stdin.on('data', () => {});",
        `process.stdin.on('end', () => ${line({ type: 'result', subtype: 'success', session_id: 'warm-up' })});`,
      ].join('\n'),
      { mode: 0o755 },
    );
    runBin('clide-record', STREAM_JSON, {
      cwd: home,
      env: { HOME: home, CLIDE_REAL_CLAUDE: cli, CLIDE_RECORD_OUT: join(home, 'warm-up.jsonl') },
      input: USER_LINE,
    });
  });
}

/**
 * clide-conformance: `validate` of a fixture of the pinned corpus, which its own schemas take
 * without a finding (the command the kit's users run most often, in their CI).
 */
function warmCliCache() {
  const { pinned } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).clideConformance;
  const fixtures = join(ROOT, 'fixtures', pinned);
  const fixture = readdirSync(fixtures).find((name) => name.endsWith('.jsonl'));
  runBin('clide-conformance', fixture ? ['validate', join(fixtures, fixture)] : ['--help'], { cwd: ROOT });
}

/** bin/load-bundle.cjs reads a bundle as latin1, which is only right for ASCII. */
function assertAscii(file) {
  const bytes = readFileSync(file);
  const at = bytes.findIndex((byte) => byte > 0x7f);
  if (at !== -1) {
    const line = bytes.subarray(0, at).toString('latin1').split('\n').length;
    throw new Error(
      `${file}: line ${line}: a non-ASCII byte (0x${bytes[at].toString(16)}); the bundle must be ASCII (rolldown.config.mjs: charset, comments)`,
    );
  }
}

const outDir = process.argv[2];
try {
  const output = { ...config.output, banner: `// fake-claude build ${randomUUID()}` };
  await build({ ...config, output: outDir ? { ...output, dir: outDir } : output });
  assertAscii(join(outDir ?? config.output.dir, 'fake-claude.cjs'));
  const clientOutput = {
    ...fakeClientBundle.output,
    banner: '// fake-claude client (src/cli/fake-client.ts)',
  };
  await build({ ...fakeClientBundle, output: outDir ? { ...clientOutput, dir: outDir } : clientOutput });
  assertAscii(join(outDir ?? fakeClientBundle.output.dir, 'fake-client.cjs'));
  if (!outDir) {
    for (const bundle of cliBundles) {
      const name = Object.keys(bundle.input)[0];
      await build({ ...bundle, output: { ...bundle.output, banner: `// ${name} build ${randomUUID()}` } });
      assertAscii(join(bundle.output.dir, bundle.output.entryFileNames.replace('[name]', name)));
    }
    // The folder is CommonJS: the recorder's leak-scan worker is a `.js` file there.
    writeFileSync(join(CLI_BUNDLE_DIR, 'package.json'), '{ "type": "commonjs" }\n');
    warmCodeCache();
    warmRecorderCache();
    warmCliCache();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
