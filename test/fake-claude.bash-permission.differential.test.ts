import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { bashCommand, nearRuleCommand, seededChooser } from '../src/fake-claude/capture/bash-commands.js';
import { askAbout, CAPTURED_MODES, seedSandbox } from '../src/fake-claude/capture/bash-permission.js';
import {
  type BashDecision,
  type BashDenial,
  bashPermissionData,
  fillCwd,
} from '../src/fake-claude/scripted/bash-permission/index.js';
import { safeCommand } from '../src/fake-claude/scripted/bash-permission/safe-command.js';

/**
 * A sample of Bash commands through the real pinned CLI and through bin/fake-claude emulating it,
 * one session a permission mode each: the fake runs without asking exactly the commands of its
 * captured corpus the real CLI runs (and asks or denies the others as it does), and of commands
 * the corpus does not have — most of them ones its rule for unseen commands lets through — it runs
 * none that the real CLI does not. The sample is fixed (a seed of its own, not the corpus's).
 */

const FAKE = resolve('bin/fake-claude');
const VERSION = packageInfo().pinned;
const SEED = 303;

const root = mkdtempSync(join(tmpdir(), 'clide-bash-sample-'));
const cwd = join(root, 'work');
mkdirSync(cwd);
seedSandbox(cwd);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** 8 commands of the corpus, 8 it does not have that the rule lets through, 4 others it does not have. */
function sample(): { known: string[]; unseen: string[] } {
  const data = bashPermissionData(VERSION);
  const corpus = data?.commands ?? [];
  const has = new Set(corpus);
  const ch = seededChooser(SEED);
  const known = new Set<string>(['env touch x.tmp', 'find . -delete', 'sort -o sorted.txt a.txt']);
  while (known.size < 8) known.add(ch.pick(corpus));
  const ruled = new Set<string>();
  for (let i = 0; i < 5000 && ruled.size < 8; i++) {
    const c = nearRuleCommand(ch);
    if (!has.has(c) && safeCommand(fillCwd(c, cwd), ch.pick(['default', 'acceptEdits']), cwd)) ruled.add(c);
  }
  const other = new Set<string>();
  while (other.size < 4) {
    const c = bashCommand(ch);
    if (!has.has(c)) other.add(c);
  }
  return { known: [...known], unseen: [...ruled, ...other] };
}

const short = (d: BashDecision) => [d.outcome, d.reasonType].filter(Boolean).join(' ');

describe(`Bash commands through the real claude ${VERSION} and fake-claude emulating it`, () => {
  const { known, unseen } = sample();
  const commands = [...known, ...unseen];

  beforeAll(() => {
    if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
      throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
    }
  });

  it('draws a sample of 20 commands: 8 of the corpus, 12 it does not have', () => {
    expect(known).toHaveLength(8);
    expect(unseen).toHaveLength(12);
  });

  for (const mode of CAPTURED_MODES) {
    it(`${mode}: the fake runs the corpus's commands as the real CLI does, and no other command the real CLI would not run`, async () => {
      const real = inject('claudeBinaries')[VERSION];
      if (!real) throw new Error(`no real claude ${VERSION} (test/global-setup.ts installs it)`);
      const denials: BashDenial[] = [];
      const [realDecisions, fakeDecisions] = await Promise.all([
        askAbout(real, commands, mode, denials, { cliVersion: VERSION }),
        askAbout(FAKE, commands, mode, denials, {
          cliVersion: VERSION,
          env: { CLIDE_FAKE_VERSION: VERSION },
        }),
      ]);
      const row = (i: number) =>
        `${JSON.stringify(commands[i])}: real ${short(realDecisions[i] as BashDecision)}, fake ${short(fakeDecisions[i] as BashDecision)}`;
      // The corpus's commands: as the real CLI decides them.
      expect(
        known.map((_, i) => row(i)).filter((_, i) => short(realDecisions[i]!) !== short(fakeDecisions[i]!)),
      ).toEqual([]);
      // The others: never run when the real CLI asks or denies.
      const offset = known.length;
      expect(
        unseen
          .map((_, j) => offset + j)
          .filter((i) => fakeDecisions[i]?.outcome === 'run' && realDecisions[i]?.outcome !== 'run')
          .map(row),
      ).toEqual([]);
    }, 60_000);
  }
});
