import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { describe, expect, inject, it } from 'vitest';
import { buildCliArgs, createSandbox, sandboxEnv } from '../src/driver/index.js';
import { type ModelScript, startModelApi } from '../src/model-api/index.js';
import { runScenario, SCENARIOS } from '../src/scenarios/index.js';
import { tempDirs } from './support/temp-dirs.js';

/**
 * Where 2.1.332 keeps its temporary files. Its messaging socket (`system/init`'s
 * `messaging_socket_path`): where 2.1.332 says it is (`system/init`'s `messaging_socket_path`) depends on
 * the environment: XDG_RUNTIME_DIR, CLAUDE_CODE_TMPDIR or TMPDIR, and the length of the path.
 * The fake emulating 2.1.332 gives the same path as the real CLI, the pid aside, for each.
 */

const FAKE = resolve('bin/fake-claude');
const VERSION = '2.1.332';
const SCRIPT: ModelScript = { version: 1, turns: [{ blocks: [{ type: 'text', text: 'hello' }] }] };
const INPUT = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'Say hello.' } })}\n`;

/** The init's socket path, the sandbox's root as `<root>` and the pid as `<pid>`. */
async function socketPath(binary: string, env: (root: string) => Record<string, string>): Promise<string> {
  const api = await startModelApi({ script: SCRIPT });
  const sandbox = createSandbox();
  try {
    const result = await execa(binary, buildCliArgs(), {
      cwd: sandbox.cwd,
      env: sandboxEnv({
        sandbox,
        modelApiUrl: api.url,
        extra: { ...env(sandbox.root), CLIDE_FAKE_VERSION: VERSION },
      }),
      extendEnv: false,
      input: INPUT,
      reject: false,
      timeout: 60_000,
    });
    const init = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((m) => m.type === 'system' && m.subtype === 'init');
    if (!init) throw new Error(`no system/init from ${binary}: exit ${result.exitCode}, ${result.stderr}`);
    return String(init.messaging_socket_path)
      .replaceAll(sandbox.root, '<root>')
      .replace(/\/\d+\.sock$/, '/<pid>.sock');
  } finally {
    await api.close();
    sandbox.dispose();
  }
}

/** A folder inside the sandbox whose path is `length` characters long. */
function folderOfLength(root: string, length: number): string {
  const dir = join(root, 'd'.repeat(Math.max(1, length - root.length - 1)));
  mkdirSync(dir, { recursive: true });
  return dir;
}

const CASES: Array<[string, (root: string) => Record<string, string>]> = [
  ['TMPDIR, the sandbox', () => ({})],
  // Not at the 103 bytes themselves: the two processes' pids may differ in length (unit-tested).
  ['a long TMPDIR that still holds the socket', (root) => ({ TMPDIR: folderOfLength(root, 75) })],
  [
    'a TMPDIR too long for a socket path: /tmp/cc-socks-<uid>',
    (root) => ({ TMPDIR: folderOfLength(root, 95) }),
  ],
  ['CLAUDE_CODE_TMPDIR over TMPDIR', (root) => ({ CLAUDE_CODE_TMPDIR: folderOfLength(root, 40) })],
  [
    'XDG_RUNTIME_DIR over CLAUDE_CODE_TMPDIR',
    (root) => ({ XDG_RUNTIME_DIR: join(root, 'run'), CLAUDE_CODE_TMPDIR: folderOfLength(root, 40) }),
  ],
];

describe(`messaging_socket_path: fake-claude emulating claude ${VERSION} puts it where the real CLI does`, () => {
  it.concurrent.each(CASES)('%s', async (_what, env) => {
    const real = inject('claudeBinaries')[VERSION];
    if (!real) throw new Error(`no real claude ${VERSION} (test/global-setup.ts installs it)`);
    const [r, f] = await Promise.all([socketPath(real, env), socketPath(FAKE, env)]);
    expect(f).toBe(r);
  });
});

const temp = tempDirs();

/** The task output files and saved images a run names (in its messages or its model requests). */
function tempFilesNamed(run: Awaited<ReturnType<typeof runScenario>>, dir: string): string[] {
  const text = JSON.stringify(run.transcript.frames) + JSON.stringify(run.modelRequests);
  const found = text.match(/[^"\\\s]*(?:tasks\/[0-9a-z]+\.output|images\/\d+\.[a-z]+)/g) ?? [];
  return [
    ...new Set(
      found.map((path) =>
        path
          .replaceAll(dir, '<CLAUDE_CODE_TMPDIR>')
          .replace(/clide-sandbox-[A-Za-z0-9]+/g, 'clide-sandbox-<id>')
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<session>')
          .replace(/tasks\/[0-9a-z]+\.output/, 'tasks/<task>.output'),
      ),
    ),
  ];
}

describe(`CLAUDE_CODE_TMPDIR: fake-claude emulating claude ${VERSION} keeps its temporary files where the real CLI does`, () => {
  it.concurrent.each([
    ['a subagent task’s output file', 'subagent/task-messages'],
    ['a prompt’s saved image', 'content/image-and-document'],
  ])('%s (%s)', async (_what, id) => {
    const scenario = SCENARIOS.find((s) => s.id === id);
    if (!scenario) throw new Error(`no scenario ${id}`);
    const real = inject('claudeBinaries')[VERSION];
    if (!real) throw new Error(`no real claude ${VERSION} (test/global-setup.ts installs it)`);
    const dir = temp('clide-cc-tmpdir-');
    const env = { CLAUDE_CODE_TMPDIR: dir, CLIDE_FAKE_VERSION: VERSION };
    const [r, f] = await Promise.all([
      runScenario(scenario, { binary: real, cliVersion: VERSION, env }),
      runScenario(scenario, { binary: FAKE, cliVersion: VERSION, env }),
    ]);
    const named = tempFilesNamed(r, dir);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((p) => p.startsWith('<CLAUDE_CODE_TMPDIR>/'))).toBe(true);
    expect(tempFilesNamed(f, dir)).toEqual(named);
  });
});

describe(`compaction/manual: post_tokens counts the re-attached context as the session has it (fake-claude emulating claude ${VERSION})`, () => {
  // The sandbox's cwd is <parent>/clide-sandbox-XXXXXX/work. It is in the count three times: the
  // summary's transcript path twice, the system-role message's environment part once; the CLI
  // rounds each message's quarter of its length on its own, so each working-folder length modulo
  // 4 rounds differently. Four parents of consecutive lengths take every remainder (the count
  // rounded as one text, as the fake did before, was a token off at one of them).
  it.concurrent.each([0, 1, 2, 3])(
    'a working folder %i character(s) longer than a multiple of four gives the real CLI’s post_tokens',
    async (extra) => {
      const scenario = SCENARIOS.find((s) => s.id === 'compaction/manual');
      if (!scenario) throw new Error('no scenario compaction/manual');
      const real = inject('claudeBinaries')[VERSION];
      if (!real) throw new Error(`no real claude ${VERSION} (test/global-setup.ts installs it)`);
      const base = temp('clide-post-');
      const pad = 20 + ((4 - ((base.length + 1 + 20) % 4)) % 4) + extra;
      const parent = join(base, 'p'.repeat(pad));
      mkdirSync(parent);
      const env = { CLIDE_FAKE_VERSION: VERSION };
      const postTokens = async (binary: string) => {
        const run = await runScenario(scenario, { binary, cliVersion: VERSION, env, sandboxParent: parent });
        const boundary = run.transcript.frames
          .map((f) => f.msg as Record<string, unknown> | undefined)
          .find((m) => m?.type === 'system' && m.subtype === 'compact_boundary');
        return (boundary?.compact_metadata as Record<string, unknown> | undefined)?.post_tokens;
      };
      const [r, f] = await Promise.all([postTokens(real), postTokens(FAKE)]);
      expect(typeof r).toBe('number');
      expect(f).toBe(r);
    },
    120_000,
  );
});
