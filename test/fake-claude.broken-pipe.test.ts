import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createSandbox, sandboxEnv } from '../src/driver/index.js';
import { startModelApi } from '../src/model-api/index.js';

/**
 * A reader that goes away mid-session (`claude … | head -1`): the real CLI drops the rest of its
 * output, runs the session to the end of its input and exits 0 with nothing on stderr. The fake
 * must do the same, not die of an unhandled EPIPE with a stack trace.
 */

const FAKE = resolve('bin/fake-claude');
const ARGS = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const user = (text: string) =>
  `${JSON.stringify({ type: 'user', message: { role: 'user', content: text } })}\n`;

beforeAll(() => {
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
});

/** Two turns; the reader closes its end of stdout after the first line, before the second turn. */
async function readerGoesAway(binary: string) {
  const sandbox = createSandbox();
  const api = await startModelApi({
    script: {
      version: 1,
      description: 'two text turns',
      turns: [{ blocks: [{ type: 'text', text: 'One.' }] }, { blocks: [{ type: 'text', text: 'Two.' }] }],
    },
  });
  try {
    const child = spawn(binary, ARGS, {
      cwd: sandbox.cwd,
      env: sandboxEnv({ sandbox, modelApiUrl: api.url }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    child.stdin.write(user('first'));
    const [first] = (await once(child.stdout, 'data')) as [Buffer];
    child.stdout.destroy();
    child.stdin.write(user('second'));
    // The second turn's lines go to the closed pipe; then the input ends.
    await new Promise((done) => setTimeout(done, 1_000));
    child.stdin.end();
    const [exitCode, signal] = await exited;
    return { firstLine: first.toString('utf8').split('\n')[0] ?? '', exitCode, signal, stderr };
  } finally {
    await api.close();
    sandbox.dispose();
  }
}

describe('a reader that closes stdout mid-session', () => {
  it.each([
    ['the real claude', () => inject('claudeBinary')],
    ['fake-claude', () => FAKE],
  ])(
    '%s drops the rest of its output and exits 0 without a word on stderr',
    async (_name, binary) => {
      const run = await readerGoesAway(binary());
      expect(JSON.parse(run.firstLine)).toMatchObject({ type: 'system', subtype: 'init' });
      expect({ exitCode: run.exitCode, signal: run.signal, stderr: run.stderr }).toEqual({
        exitCode: 0,
        signal: null,
        stderr: '',
      });
    },
    60_000,
  );
});
