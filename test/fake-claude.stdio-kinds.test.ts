import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, sandboxEnv } from '../src/driver/index.js';

/**
 * bin/fake-claude reads and writes a stdin or stdout that is a file or /dev/null as the descriptor
 * itself, and keeps Node's streams for pipes. Whatever the kinds, a session gives the same bytes
 * and exits when it is over, also while its client keeps stdin open: 2.1.150 ends a turn for a
 * user message without content with exit 1 and does not wait for stdin to close. One exception,
 * the real CLI's: 2.1.150 acts on no stream-json input read from a regular file.
 */

const FAKE = resolve('bin/fake-claude');
const ARGS = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const WRONG_SHAPE = `${JSON.stringify({ type: 'user', message: { role: 'user' } })}\n`;
const HELLO = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'Say hello.' } })}\n`;

let dir: string;
beforeAll(() => {
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
  dir = mkdtempSync(join(tmpdir(), 'clide-stdio-kinds-'));
  writeFileSync(
    join(dir, 'script.json'),
    JSON.stringify({
      version: 1,
      description: 'one turn',
      turns: [{ blocks: [{ type: 'text', text: 'Hi.' }] }],
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Kind = 'pipe' | 'file';

async function session(input: string, stdinKind: Kind, stdoutKind: Kind, version: string, keepOpen: boolean) {
  const sandbox = createSandbox();
  try {
    const inFile = join(dir, `in-${stdinKind}-${stdoutKind}-${keepOpen}.jsonl`);
    const outFile = join(dir, `out-${stdinKind}-${stdoutKind}-${keepOpen}.jsonl`);
    writeFileSync(inFile, input);
    const env = {
      ...sandboxEnv({ sandbox }),
      CLIDE_FAKE_SCENARIO: join(dir, 'script.json'),
      CLIDE_FAKE_VERSION: version,
    };
    const child = spawn(FAKE, ARGS, {
      cwd: sandbox.cwd,
      env,
      stdio: [
        stdinKind === 'pipe' ? 'pipe' : openSync(inFile, 'r'),
        stdoutKind === 'pipe' ? 'pipe' : openSync(outFile, 'w'),
        'pipe',
      ],
    });
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.resume();
    if (child.stdin) {
      child.stdin.write(input);
      if (!keepOpen) child.stdin.end();
    }
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const [exitCode, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    clearTimeout(killer);
    child.stdin?.destroy();
    if (stdoutKind === 'file') stdout = readFileSync(outFile, 'utf8');
    const types = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const m = JSON.parse(line) as { type: string; subtype?: string };
        return m.subtype ? `${m.type}/${m.subtype}` : m.type;
      });
    return { exitCode, signal, types };
  } finally {
    sandbox.dispose();
  }
}

const KINDS: Array<[Kind, Kind]> = [
  ['pipe', 'pipe'],
  ['pipe', 'file'],
  ['file', 'pipe'],
  ['file', 'file'],
];

describe('fake-claude over pipes and files', () => {
  it.each(KINDS)('stdin %s, stdout %s: one turn gives init, assistant and result, exit 0', async (i, o) => {
    const run = await session(HELLO, i, o, '2.1.332', false);
    expect(run).toEqual({ exitCode: 0, signal: null, types: ['system/init', 'assistant', 'result/success'] });
  });

  it.each(KINDS.filter(([i]) => i === 'pipe'))(
    'stdin %s, stdout %s: a session over while stdin stays open exits 1 at once',
    async (i, o) => {
      const run = await session(WRONG_SHAPE, i, o, '2.1.150', true);
      expect(run).toEqual({ exitCode: 1, signal: null, types: ['result/error_during_execution'] });
    },
  );

  // As the real 2.1.150 does (test/fake-claude.stdin.differential.test.ts compares the two).
  it.each(KINDS.filter(([i]) => i === 'file'))(
    'stdin %s, stdout %s, emulating 2.1.150: a stream-json input from a file is acted on in no way, exit 0',
    async (i, o) => {
      for (const input of [WRONG_SHAPE, HELLO]) {
        expect(await session(input, i, o, '2.1.150', false)).toEqual({
          exitCode: 0,
          signal: null,
          types: [],
        });
      }
    },
  );
});
