import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { recordCorpus } from '../src/pin/index.js';
import type { Scenario } from '../src/scenarios/index.js';
import { noModel } from '../src/scenarios/model.js';

/**
 * `pin`'s corpus recording (recordCorpus) through clide-record, with bin/fake-claude as the CLI: a
 * scenario that fails once among others is recorded again alone at the end and kept when it then
 * passes (a loaded machine is no change of the CLI); one that fails twice is a failed scenario,
 * its recording kept aside; a scenario's extra runs (`--help`) reach the CLI.
 */

const FAKE = resolve('bin/fake-claude');
const dir = mkdtempSync(join(tmpdir(), 'clide-pin-record-'));

beforeAll(() => {
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A scenario asking the CLI its version, whose check fails on its first `failures` runs. */
function failing(id: string, failures: number): Scenario & { runs: number } {
  const scenario = {
    id,
    requirement: `fails its first ${failures} run(s)`,
    spec: '-',
    tier: 'offline' as const,
    model: noModel,
    runs: 0,
    async drive(ctx: Parameters<Scenario['drive']>[0]) {
      scenario.runs += 1;
      const res = await ctx.session.request({ subtype: 'get_binary_version' });
      ctx.check(scenario.runs > failures, 'test/planted', `planted failure ${scenario.runs}`, {
        actual: res.subtype,
      });
    },
  };
  return scenario;
}

describe('recordCorpus', () => {
  it('records a scenario that failed once again alone and keeps it; one that fails twice is a failure', async () => {
    const flaky = failing('test/flaky', 1);
    const broken = failing('test/broken', Number.POSITIVE_INFINITY);
    const steady = failing('test/steady', 0);
    const progress: string[] = [];
    const result = await recordCorpus({
      version: packageInfo().pinned,
      binaryPath: FAKE,
      dir: join(dir, 'corpus'),
      failedDir: join(dir, 'failed'),
      scenarios: [flaky, broken, steady],
      onProgress: (line) => progress.push(line),
    });
    expect(result.recorded.map((r) => r.id)).toEqual(['test/flaky', 'test/steady']);
    expect(result.failed.map((f) => [f.id, f.findings.map((x) => x.code)])).toEqual([
      ['test/broken', ['test/planted']],
    ]);
    expect([flaky.runs, broken.runs, steady.runs]).toEqual([2, 2, 1]);
    expect(
      readdirSync(join(dir, 'corpus'))
        .filter((f) => f.endsWith('.jsonl'))
        .sort(),
    ).toEqual(['test__flaky.jsonl', 'test__steady.jsonl']);
    expect(readdirSync(join(dir, 'failed'))).toEqual(['test__broken.jsonl']);
    expect(progress).toContain('failed test/flaky (recorded again alone at the end): planted failure 1');
    expect(progress.some((l) => l.startsWith('recorded test/flaky on the second try'))).toBe(true);
    expect(progress).toContain('FAILED test/broken: planted failure 2');
  }, 60_000);

  it("runs a scenario's extra CLI runs on the real CLI, not through the recorder (which answers --help itself)", async () => {
    const help: Scenario = {
      id: 'test/help',
      requirement: "--help is the CLI's",
      spec: '-',
      tier: 'offline',
      model: noModel,
      async drive(ctx) {
        await ctx.session.request({ subtype: 'get_binary_version' });
        const run = await ctx.spawnCli(['--help'], '');
        ctx.check(
          run.stdout.includes('--output-format'),
          'test/help',
          `--help is the CLI's: ${run.stdout.slice(0, 40)}`,
        );
      },
    };
    const result = await recordCorpus({
      version: packageInfo().pinned,
      binaryPath: FAKE,
      dir: join(dir, 'help'),
      scenarios: [help],
    });
    expect(result.failed.map((f) => f.findings.map((x) => x.message))).toEqual([]);
    expect(result.recorded.map((r) => r.id)).toEqual(['test/help']);
  }, 60_000);
});
