import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, inject, test } from 'vitest';
import { liveProcessGroups, startSession, withSession } from '../src/driver/index.js';
import { tempDirs } from './support/temp-dirs.js';

const temp = tempDirs();

/** Pids of every process in process group `pgid` that is still alive. */
function groupMembers(pgid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,pgid='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, g]) => g === pgid)
    .map(([pid]) => pid!);
}

async function waitUntilGone(pgid: number): Promise<number[]> {
  for (let i = 0; i < 50 && groupMembers(pgid).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return groupMembers(pgid);
}

/** A CLI side that starts grandchildren of its own and never exits. */
function forkingCli(): string {
  const dir = temp('clide-forking-');
  const path = join(dir, 'forking-cli');
  writeFileSync(path, '#!/bin/sh\nsleep 300 &\nsleep 301 &\nexec sleep 302\n');
  chmodSync(path, 0o755);
  return path;
}

describe('driver process cleanup', () => {
  test('no process of the group survives a run whose body throws midway', async () => {
    let pgid = 0;
    await expect(
      withSession({ binary: forkingCli(), argv: [] }, async (session) => {
        pgid = session.pid!;
        await new Promise((r) => setTimeout(r, 300));
        expect(groupMembers(pgid).length).toBeGreaterThanOrEqual(3);
        throw new Error('test aborted midway');
      }),
    ).rejects.toThrow('test aborted midway');
    expect(await waitUntilGone(pgid)).toEqual([]);
    expect(liveProcessGroups()).not.toContain(pgid);
  });

  test('the real CLI and its children are gone after close() of a session left mid-turn', async () => {
    const session = startSession({ binary: inject('claudeBinary'), modelApiUrl: 'http://127.0.0.1:9' });
    const pgid = session.pid!;
    const res = await session.request({ subtype: 'get_binary_version' });
    expect(res.subtype).toBe('success');
    session.kill();
    await session.close();
    expect(await waitUntilGone(pgid)).toEqual([]);
  });

  test('a parent process that exits without closing its session leaves no orphan', async () => {
    const dir = temp('clide-exit-');
    const script = join(dir, 'parent.mjs');
    // A plain node child cannot load TypeScript: it uses the build (`npm test` builds first).
    const compiled = new URL('../dist/src/driver/index.js', import.meta.url).href;
    writeFileSync(
      script,
      `import { startSession } from ${JSON.stringify(compiled)};\n` +
        `const s = startSession({ binary: ${JSON.stringify(forkingCli())}, argv: [] });\n` +
        `setTimeout(() => { console.log(s.pid); process.exit(0); }, 300);\n`,
    );
    const { stdout } = await execa('node', [script]);
    const pgid = Number(stdout.trim());
    expect(pgid).toBeGreaterThan(0);
    expect(await waitUntilGone(pgid)).toEqual([]);
  });
});

describe('driver sandbox environment', () => {
  test("the parent's ANTHROPIC_API_KEY and other secrets never reach the sandboxed CLI", async () => {
    const secret = 'sk-ant-api03-PARENT-SECRET-must-not-leak-0123456789abcdef';
    const saved = { ...process.env };
    process.env.ANTHROPIC_API_KEY = secret;
    process.env.ANTHROPIC_AUTH_TOKEN = 'parent-auth-token-must-not-leak';
    process.env.GITHUB_TOKEN = 'ghp_parentTokenMustNotLeak000000000000000';
    try {
      await withSession(
        { binary: inject('claudeBinary'), modelApiUrl: 'http://127.0.0.1:9' },
        async (session) => {
          const res = await session.request({ subtype: 'get_binary_version' });
          expect(res.subtype).toBe('success');
          const environ = readFileSync(`/proc/${session.pid}/environ`, 'utf8').split('\0');
          const env = Object.fromEntries(
            environ
              .filter(Boolean)
              .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
          );
          expect(environ.join('\n')).not.toContain(secret);
          expect(env.ANTHROPIC_AUTH_TOKEN).toBeUndefined();
          expect(env.GITHUB_TOKEN).toBeUndefined();
          expect(env.ANTHROPIC_API_KEY).toBe('sk-ant-clide-offline-dummy-key');
          expect(env.HOME).toBe(session.sandbox.home);
          expect(env.CLAUDE_CONFIG_DIR).toBe(session.sandbox.configDir);
          expect(env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC).toBe('1');
        },
      );
    } finally {
      process.env = saved;
    }
  });
});

describe('driver hang detection', () => {
  test('a CLI silent while a reply is awaited: the hang finding tells what the CLI was doing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clide-silent-cli-'));
    try {
      // One line, then silence: waiting on a child of its own.
      const binary = join(dir, 'silent-claude');
      writeFileSync(binary, `#!/bin/sh\necho '{"type":"system","subtype":"status"}'\nsleep 30 &\nwait\n`);
      chmodSync(binary, 0o755);
      const session = startSession({ binary, silenceMs: 1_000 });
      await expect(session.request({ subtype: 'get_binary_version' })).rejects.toThrow(/no output for 1 s/);
      const transcript = await session.close();
      const hang = transcript.findings.find((f) => f.code === 'hang/silent-cli');
      expect(hang?.message).toMatch(
        /^hang: no output for 1 s while waiting for a reply to get_binary_version; the CLI was sleeping.*, \d+\.\d\d s of CPU, 1 threads, child processes sleep \(\d+\)$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('silence after every awaited reply has arrived is not a hang', async () => {
    const { transcript } = await withSession(
      { binary: inject('claudeBinary'), silenceMs: 1_000 },
      async (session) => {
        const res = await session.request({ subtype: 'get_binary_version' });
        expect(res.subtype).toBe('success');
        // Nothing is awaited now: a quiet CLI is idle, not hung.
        await new Promise((resolve) => setTimeout(resolve, 2_500));
      },
    );
    expect(transcript.findings).toEqual([]);
  });
});
