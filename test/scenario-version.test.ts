import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { byVersion, runScenario, type Scenario } from '../src/scenarios/index.js';
import { noModel } from '../src/scenarios/model.js';

/** The CLI version reaches the scenario (prepare and drive), and a gap in its ranges is a failure. */

const FAKE = resolve('bin/fake-claude');

beforeAll(() => {
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
});

function versionProbe(seen: string[]): Scenario {
  return {
    id: 'test/version-probe',
    requirement: 'records the CLI version it is told',
    spec: '-',
    tier: 'offline',
    model: noModel,
    async prepare(ctx) {
      seen.push(`prepare ${ctx.cliVersion}`);
    },
    async drive(ctx) {
      seen.push(`drive ${ctx.cliVersion}`);
      await ctx.session.request({ subtype: 'get_binary_version' });
    },
  };
}

describe('ScenarioContext.cliVersion', () => {
  it('is the version the run is given', async () => {
    const seen: string[] = [];
    const run = await runScenario(versionProbe(seen), { binary: FAKE, cliVersion: '2.1.332' });
    expect(run.findings.filter((f) => f.severity === 'breaking')).toEqual([]);
    expect(seen).toEqual(['prepare 2.1.332', 'drive 2.1.332']);
  }, 60_000);

  it("defaults to the kit's pinned version", async () => {
    const seen: string[] = [];
    await runScenario(versionProbe(seen), { binary: FAKE });
    expect(seen).toEqual([`prepare ${packageInfo().pinned}`, `drive ${packageInfo().pinned}`]);
  }, 60_000);

  it('a version no range of the scenario covers fails the run, naming the version', async () => {
    const scenario: Scenario = {
      ...versionProbe([]),
      async drive(ctx) {
        byVersion(ctx, { '<2.1.200': 'old', '>=2.1.300': 'new' });
      },
    };
    const covered = await runScenario(scenario, { binary: FAKE, cliVersion: '2.1.150' });
    expect(covered.passed).toBe(true);
    const gap = await runScenario(scenario, { binary: FAKE, cliVersion: '2.1.250' });
    expect(gap.passed).toBe(false);
    expect(gap.findings.map((f) => [f.code, f.message])).toContainEqual([
      'scenario/error',
      'no expectation covers CLI 2.1.250 (ranges "<2.1.200", ">=2.1.300")',
    ]);
  }, 60_000);
});
