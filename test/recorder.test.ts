import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, inject, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { normalizeTranscript } from '../src/fake-claude/fidelity.js';
import { frameLineBytes, readFixture, recordingPath } from '../src/fixture/index.js';
import { runScenario, selectScenarios } from '../src/scenarios/index.js';
import { validateMessage } from '../src/validate/index.js';
import { sharedRun } from './support/shared-runs.js';
import { tempDirs } from './support/temp-dirs.js';

const RECORDER = fileURLToPath(new URL('../bin/clide-record', import.meta.url));
const CLI = fileURLToPath(new URL('../bin/clide-conformance', import.meta.url));

const tempDir = tempDirs();

/** Writes an executable node script (the recorder runs CLIDE_REAL_CLAUDE directly, like a client would). */
function script(path: string, body: string): string {
  writeFileSync(path, `#!/usr/bin/env node\n${body}`, { mode: 0o755 });
  return path;
}

/**
 * A deterministic stand-in for a CLI: echoes every stdin line back as a JSON message, and writes
 * awkward bytes on purpose (multi-byte text split across writes, invalid UTF-8, a final line with no
 * newline, stderr lines), then exits 3.
 */
function standInCli(dir: string): string {
  return script(
    join(dir, 'stand-in-cli.mjs'),
    `import { createInterface } from 'node:readline';
const out = process.stdout;
out.write('{"type":"system","subtype":"init","text":"h\\u00e9llo ');
out.write(Buffer.from([0xe2, 0x82]));
setTimeout(() => {
  out.write(Buffer.from([0xac]));
  out.write(' euro"}\\n');
  out.write(Buffer.from([0x62, 0x61, 0x64, 0xff, 0xfe, 0x0a]));
  process.stderr.write('warning: stand-in stderr line\\n');
  const rl = createInterface({ input: process.stdin });
  rl.on('line', (line) => out.write(JSON.stringify({ type: 'echo', line }) + '\\n'));
  rl.on('close', () => { out.write('{"type":"result","subtype":"success"}'); process.exitCode = 3; });
}, 20);
`,
  );
}

describe('clide-record', () => {
  test('forwards stdout, stderr and the exit code byte for byte and records every byte', async () => {
    const dir = tempDir('clide-rec-bytes-');
    const cli = standInCli(dir);
    const input = '{"type":"user","message":{"role":"user","content":"one"}}\nnot json at all\n';
    const direct = await execa('node', [cli], { input, encoding: 'buffer', reject: false });
    const out = join(dir, 'session.jsonl');
    const recorded = await execa(RECORDER, ['--some', 'flag'], {
      input,
      encoding: 'buffer',
      reject: false,
      env: { CLIDE_REAL_CLAUDE: cli, CLIDE_RECORD_OUT: out },
    });
    expect(Buffer.compare(recorded.stdout as Uint8Array, direct.stdout as Uint8Array)).toBe(0);
    expect(Buffer.compare(recorded.stderr as Uint8Array, direct.stderr as Uint8Array)).toBe(0);
    expect(direct.exitCode).toBe(3);
    expect(recorded.exitCode).toBe(3);

    const fixture = await readFixture(out);
    expect(fixture.complete).toBe(true);
    expect(fixture.trailer?.exitCode).toBe(3);
    expect(fixture.header.argv).toEqual(['claude', '--some', 'flag']);
    const bytesOf = (dirName: string) =>
      Buffer.concat(fixture.frames.filter((f) => f.dir === dirName).map((f) => frameLineBytes(f)));
    expect(Buffer.compare(bytesOf('from-cli'), direct.stdout as Uint8Array)).toBe(0);
    expect(bytesOf('to-cli').toString('utf8')).toBe(input);
    expect(bytesOf('stderr').toString('utf8')).toBe('warning: stand-in stderr line\n');
  });

  test('a real scenario through clide-record gives the client the same stream as the real CLI', async () => {
    const claude = inject('claudeBinary');
    const [scenario] = selectScenarios(['permission/allow']);
    const dir = tempDir('clide-rec-real-');
    const out = join(dir, 'allow.jsonl');
    // The direct run is shared with the files that run it on the same binary (test/support/shared-runs.ts).
    const direct = await sharedRun(inject('sharedRunsDir'), scenario!, {
      binary: claude,
      cliVersion: packageInfo().pinned,
    });
    const proxied = await runScenario(scenario!, {
      binary: RECORDER,
      env: { CLIDE_REAL_CLAUDE: claude, CLIDE_RECORD_OUT: out, CLIDE_RECORD_SCENARIO: scenario!.id },
    });
    expect(direct.passed).toBe(true);
    expect(proxied.findings).toEqual([]);
    expect(normalizeTranscript(proxied.transcript)).toEqual(normalizeTranscript(direct.transcript));

    const fixture = await readFixture(out);
    expect(fixture.complete).toBe(true);
    expect(fixture.header.scenario).toBe('permission/allow');
    expect(fixture.trailer?.cliVersion).toBe(packageInfo().pinned);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain('clide-sandbox-');
    expect(text).not.toContain('sk-ant-clide-offline-dummy-key');
    for (const frame of fixture.frames.filter((f) => f.msg !== undefined)) {
      const findings = validateMessage(frame.msg, {
        direction: frame.dir === 'to-cli' ? 'to-cli' : 'from-cli',
      });
      expect(findings.filter((f) => f.severity === 'breaking')).toEqual([]);
    }
  });

  test('killing the recorder mid-stream: SIGTERM leaves a scanned fixture marked incomplete, SIGKILL only the temporary file, which --recover scans and finalises', async () => {
    const dir = tempDir('clide-rec-kill-');
    const cli = script(
      join(dir, 'slow-cli.mjs'),
      `let n = 0; const t = setInterval(() => { process.stdout.write(JSON.stringify({ type: 'tick', n: n++ }) + '\\n'); }, 20);
process.stdin.resume();`,
    );
    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      const out = join(dir, `${signal}.jsonl`);
      const child = execa(RECORDER, [], {
        env: { CLIDE_REAL_CLAUDE: cli, CLIDE_RECORD_OUT: out },
        reject: false,
      });
      // Kill once a few frames are on disk (start-up time varies with the machine's load).
      const temp = recordingPath(out);
      const ticksOnDisk = () =>
        existsSync(temp) ? readFileSync(temp, 'utf8').split('"tick"').length - 1 : 0;
      for (let i = 0; i < 200 && ticksOnDisk() < 5; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      // Until the scan has passed, nothing is at the final path.
      expect(existsSync(out)).toBe(false);
      child.kill(signal);
      await child;
      if (signal === 'SIGKILL') {
        // No scan ran: only the temporary file exists, and the fixture reader (replay) refuses it.
        expect(existsSync(out)).toBe(false);
        await expect(readFixture(temp)).rejects.toMatchObject({ code: 'fixture' });
        const recover = await execa(CLI, ['record', '--recover', temp], { reject: false });
        expect(recover.exitCode, recover.stderr).toBe(0);
        expect(recover.stderr).toMatch(/recovered \d+ frames to .*SIGKILL\.jsonl \(incomplete\)/);
        expect(existsSync(temp)).toBe(false);
      } else {
        expect(existsSync(temp)).toBe(false);
      }
      const fixture = await readFixture(out);
      expect(fixture.complete).toBe(false);
      const ticks = fixture.frames.filter((f) => (f.msg as { type?: string } | undefined)?.type === 'tick');
      expect(ticks.length).toBeGreaterThan(3);
      expect(ticks.map((f) => (f.msg as { n: number }).n)).toEqual(ticks.map((_, i) => i));
      if (signal === 'SIGTERM') expect(fixture.trailer?.reason).toContain('SIGTERM');
      else expect(fixture.trailer).toBeNull();
    }
  });

  test('killing the CLI mid-stream leaves a loadable fixture with the signal in its trailer', async () => {
    const dir = tempDir('clide-rec-cli-kill-');
    const cli = script(
      join(dir, 'dies.mjs'),
      `process.stdout.write('{"type":"system","subtype":"init"}\\n'); setTimeout(() => process.kill(process.pid, 'SIGKILL'), 200); process.stdin.resume();`,
    );
    const out = join(dir, 'dies.jsonl');
    const run = await execa(RECORDER, [], {
      env: { CLIDE_REAL_CLAUDE: cli, CLIDE_RECORD_OUT: out },
      reject: false,
    });
    expect(run.signal).toBe('SIGKILL');
    const fixture = await readFixture(out);
    expect(fixture.complete).toBe(false);
    expect(fixture.trailer?.signal).toBe('SIGKILL');
    expect(fixture.frames).toHaveLength(1);
  });

  test('a directory as CLIDE_RECORD_OUT gets one fixture per session', async () => {
    const dir = tempDir('clide-rec-dir-');
    const cli = script(
      join(dir, 'once.mjs'),
      `process.stdout.write('{"type":"result","subtype":"success"}\\n');`,
    );
    const outDir = `${join(dir, 'recordings')}/`;
    for (let i = 0; i < 2; i++) {
      await execa(RECORDER, [], { env: { CLIDE_REAL_CLAUDE: cli, CLIDE_RECORD_OUT: outDir } });
    }
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(outDir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(2);
  });
});
