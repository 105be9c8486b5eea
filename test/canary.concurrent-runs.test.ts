import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Two `run`s into one report folder at the same time (two CI jobs sharing a workspace, a user who
 * starts a second one): each writes its wire logs and reports under temporary names of its own,
 * so neither fails on the other's files (one failed in 2 of 4 tries with `error[io] …
 * .jsonl.recording … ENOENT`), and what is left is whole. The CLI side is bin/fake-claude: what is
 * under test is the kit's writing of the report folder, and the fake's runs take a fifth of the
 * real CLI's CPU (two runs at once, three rounds, on 2 shared cores).
 */

const BIN = resolve('bin/clide-conformance');
const FAKE = resolve('bin/fake-claude');
const dir = mkdtempSync(join(tmpdir(), 'clide-concurrent-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (reportDir: string) =>
  execa('node', [BIN, 'run', '--claude', FAKE, '--only', 'control/', '--quiet', '--report-dir', reportDir], {
    reject: false,
    timeout: 120_000,
  });

describe('two runs into one report folder at once', () => {
  it('both succeed, three times over, and leave whole reports and no temporary file', async () => {
    const reportDir = join(dir, 'shared');
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([run(reportDir), run(reportDir)]);
      for (const one of [a, b]) {
        expect(one.stderr, `round ${round}`).not.toContain('error[');
        expect(one.exitCode, `round ${round}: ${one.stderr}`).toBe(0);
      }
    }
    const leftovers = [...readdirSync(reportDir), ...readdirSync(join(reportDir, 'wire'))].filter((name) =>
      /\.(recording|tmp)$/.test(name),
    );
    expect(leftovers).toEqual([]);
    const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as {
      scenarios: unknown[];
    };
    expect(report.scenarios.length).toBeGreaterThan(5);
  });
});
