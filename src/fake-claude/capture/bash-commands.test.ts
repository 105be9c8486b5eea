import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fillCwd } from '../scripted/bash-permission/index.js';
import {
  FIND_PRIMARIES,
  GIT,
  READ_ONLY,
  safeAtoms,
  WRITING,
} from '../scripted/bash-permission/safe-command.js';
import { bashCorpus, EDGE_CASES, ruleProbes, TRAILING_CASES } from './bash-commands.js';
import { seedSandbox } from './bash-permission.js';

const root = mkdtempSync(join(tmpdir(), 'clide-bash-commands-'));
const cwd = join(root, 'work');
mkdirSync(cwd);
seedSandbox(cwd);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the corpus of Bash commands a capture asks the real CLI about', () => {
  it('is the same every time: the hand-picked cases first, each command once, the cases that change the session last', () => {
    const corpus = bashCorpus();
    expect(bashCorpus()).toEqual(corpus);
    expect(new Set(corpus).size).toBe(corpus.length);
    expect(corpus.slice(0, EDGE_CASES.length)).toEqual([...new Set(EDGE_CASES)].slice(0, EDGE_CASES.length));
    expect(corpus.slice(-TRAILING_CASES.length)).toEqual([...TRAILING_CASES]);
    for (const probe of ruleProbes()) expect(corpus).toContain(probe);
  });

  it('names no absolute path but the sandbox-safe ones: small files of /etc and /proc to read, a folder that does not exist, /dev/null', () => {
    const allowed = new Set([
      '/dev/null',
      '/',
      '/etc',
      '/etc/hostname',
      '/etc/passwd',
      '/etc/os-release',
      '/proc/version',
      '/nonexistent-clide/out.txt',
      '/nonexistent-clide/d',
      '/nonexistent-clide',
      // a sed address, not a path
      '/beta/p',
    ]);
    const named = bashCorpus().flatMap((c) =>
      [...c.matchAll(/(?:^|[\s=<>'"(`])(\/[^\s'"`)|;&<>]*)/g)].map((m) => m[1] as string),
    );
    expect(named.filter((p) => !allowed.has(p))).toEqual([]);
  });

  it('probes every command, flag, find primary and git subcommand the rule for unseen commands allows', () => {
    const atoms = new Set(
      ruleProbes().flatMap((c) => [
        ...(safeAtoms(fillCwd(c, cwd), 'default', cwd) ?? []),
        ...(safeAtoms(fillCwd(c, cwd), 'acceptEdits', cwd) ?? []),
      ]),
    );
    const wanted: string[] = [];
    const specAtoms = (name: string, spec: (typeof READ_ONLY)[string]) => {
      wanted.push(name);
      for (const flag of spec.flags ?? []) wanted.push(`${name} ${flag}`);
      for (const flag of spec.valued ?? []) wanted.push(`${name} ${flag} <n>`);
      for (const [, example] of spec.attached ?? []) wanted.push(`${name} ${example}`);
      if (spec.args === 'paths' || spec.args === 'pattern-paths')
        wanted.push(`${name} <path>`, `${name} <none>`);
    };
    for (const [name, spec] of Object.entries(READ_ONLY)) if (name !== 'find') specAtoms(name, spec);
    for (const [name, spec] of Object.entries(WRITING)) specAtoms(name, spec);
    for (const [sub, spec] of Object.entries(GIT)) specAtoms(`git ${sub}`, spec);
    for (const [primary, value] of Object.entries(FIND_PRIMARIES)) {
      wanted.push(
        value === null ? `find ${primary}` : `find ${primary} <${value === 'path' ? 'path' : 'value'}>`,
      );
    }
    wanted.push('|', '&&', '||', ';', '2>/dev/null', '>/dev/null', '2>&1', '> <path>', '>> <path>');
    expect(wanted.filter((a) => !atoms.has(a))).toEqual(
      // A writing command with no path is not in the rule (each needs one).
      Object.keys(WRITING).map((name) => `${name} <none>`),
    );
  });
});
