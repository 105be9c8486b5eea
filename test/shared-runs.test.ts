import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCENARIOS } from '../src/scenarios/index.js';
import { sharedRun } from './support/shared-runs.js';

/**
 * The tests' shared real-CLI runs (test/support/shared-runs.ts): runs of one scenario on one
 * binary asked for at once are made once and handed to every asker; another scenario, binary or
 * environment is another run. The CLI side is bin/fake-claude behind a script that counts its starts.
 */
const dir = mkdtempSync(join(tmpdir(), 'clide-shared-runs-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const counter = join(dir, 'starts');
const binary = join(dir, 'claude');
writeFileSync(counter, '');
writeFileSync(binary, `#!/bin/sh\necho start >> '${counter}'\nexec '${resolve('bin/fake-claude')}' "$@"\n`);
chmodSync(binary, 0o755);
const starts = () => readFileSync(counter, 'utf8').split('\n').filter(Boolean).length;
const scenario = (id: string) => SCENARIOS.find((s) => s.id === id)!;

describe('shared real-CLI runs', () => {
  it('runs a scenario asked for three times at once once, and hands every asker the same run', async () => {
    const store = mkdtempSync(join(dir, 'store-'));
    const one = scenario('control/get-binary-version');
    const before = starts();
    const runs = await Promise.all([1, 2, 3].map(() => sharedRun(store, one, { binary })));
    expect(runs[0]!.passed).toBe(true);
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
    expect(starts() - before).toBe(1);
    expect(readdirSync(store).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    expect(readdirSync(store).filter((f) => !f.endsWith('.json'))).toEqual([]);
    // Asked for again later: no new run.
    expect(await sharedRun(store, one, { binary })).toEqual(runs[0]);
    expect(starts() - before).toBe(1);
  });

  it('makes another run for another environment or another scenario', async () => {
    const store = mkdtempSync(join(dir, 'store-'));
    const one = scenario('control/get-binary-version');
    const before = starts();
    await sharedRun(store, one, { binary });
    await sharedRun(store, one, { binary, env: { CLIDE_SHARED_RUNS_TEST: '1' } });
    await sharedRun(store, scenario('permission/deny'), { binary });
    expect(starts() - before).toBe(3);
  });
});
