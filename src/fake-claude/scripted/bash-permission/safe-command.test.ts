import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lex, safeAtoms, safeCommand } from './safe-command.js';

const root = mkdtempSync(join(tmpdir(), 'clide-safe-command-'));
const cwd = join(root, 'work');
mkdirSync(join(cwd, 'sub'), { recursive: true });
writeFileSync(join(cwd, 'a.txt'), 'alpha\n');
writeFileSync(join(cwd, 'sub', 'c.txt'), 'gamma\n');
writeFileSync(join(root, 'secret.txt'), 'outside\n');
symlinkSync('..', join(cwd, 'up'));
symlinkSync(join(root, 'secret.txt'), join(cwd, 'link.txt'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MODES = ['default', 'dontAsk', 'plan', 'acceptEdits'];

describe('the rule for Bash commands the corpus does not have', () => {
  it('lets none of the commands the fake once ran in dontAsk through, in any mode (first word read-only, the rest writing)', () => {
    for (const command of ['env touch x', 'find . -delete', 'sort -o file a.txt', 'find . -exec rm {} \\;']) {
      for (const mode of MODES) expect(safeCommand(command, mode, cwd), `${mode}: ${command}`).toBe(false);
    }
  });

  it('lets plain reads inside the folder through in every mode, with their allowed flags, operators and quiet redirections', () => {
    for (const command of [
      'ls',
      'cat a.txt',
      'grep -n beta a.txt | head -n 1',
      'ls && pwd',
      `cat ${cwd}/a.txt 2>/dev/null`,
      'find sub -name "*.txt"',
      'git status --short',
      'ls > /dev/null 2>&1',
    ]) {
      for (const mode of MODES) expect(safeCommand(command, mode, cwd), `${mode}: ${command}`).toBe(true);
    }
  });

  it('asks about a path outside the folder however it is written, a link out included', () => {
    for (const command of [
      'cat ../secret.txt',
      'cat ~/x',
      'cat /etc/hostname',
      `cat ${root}/secret.txt`,
      'cat sub/../a.txt',
      'cat up/secret.txt',
      'cat link.txt',
      'ls up',
      'find .. -name x',
      'find . -newer ../secret.txt',
    ]) {
      expect(safeCommand(command, 'default', cwd), command).toBe(false);
    }
  });

  it('asks about expansions, substitutions, globs, wrappers, assignments and other redirections', () => {
    for (const command of [
      'echo $HOME',
      'echo $(touch x)',
      'echo `touch x`',
      'cat *.txt',
      'cat a.txt > x.txt',
      'cat < a.txt',
      'ls 2> x.txt',
      'ls &',
      'ls &> x',
      'timeout 5 ls',
      'X=1 ls',
      '(ls)',
      'ls\npwd',
      "echo 'unterminated",
      'echo a\\;b',
      'git -C .. status',
      'git branch new',
      'git diff --output=x',
      'uniq a.txt out.txt',
      'jq -r .x a.txt',
    ]) {
      expect(safeCommand(command, 'default', cwd), command).toBe(false);
    }
  });

  it('lets writes inside the folder through in acceptEdits only, never on the folder itself or outside', () => {
    for (const command of [
      'touch new.txt',
      'mkdir -p sub/new',
      'rm -f a.txt',
      'echo hi > new.txt',
      'ls >> new.txt',
    ]) {
      expect(safeCommand(command, 'acceptEdits', cwd), command).toBe(true);
      for (const mode of ['default', 'dontAsk', 'plan'])
        expect(safeCommand(command, mode, cwd), `${mode}: ${command}`).toBe(false);
    }
    for (const command of [
      'rm -rf .',
      `rm -rf ${cwd}`,
      'rm -rf sub/..',
      'touch ../x',
      'echo hi > ../x',
      'echo hi > up/x',
      'cp -r sub other',
    ]) {
      expect(safeCommand(command, 'acceptEdits', cwd), command).toBe(false);
    }
  });

  it('names the atoms a command is made of: each command, its flags and kinds of arguments, each operator and redirection', () => {
    expect(safeAtoms('grep -n beta a.txt "sub/c.txt" | head -3 2>/dev/null', 'default', cwd)?.sort()).toEqual(
      [
        'grep',
        'grep -n',
        'grep <pattern>',
        'grep <path>',
        '|',
        'head',
        'head -3',
        'head <none>',
        '2>/dev/null',
      ].sort(),
    );
    expect(safeAtoms('tail -1 a.txt', 'default', cwd)).toEqual(['tail', 'tail -3', 'tail <path>']);
    expect(safeAtoms('echo hi > new.txt', 'acceptEdits', cwd)?.sort()).toEqual([
      '> <path>',
      'echo',
      'echo <word>',
    ]);
    expect(safeAtoms('echo hi > new.txt', 'default', cwd)).toBeUndefined();
  });

  it('reads quotes as bash does, and nothing it cannot read', () => {
    expect(lex('echo "a b"c \'d\'')).toEqual([
      { text: 'echo', quoted: false },
      { text: 'a bc', quoted: true },
      { text: 'd', quoted: true },
    ]);
    expect(lex('echo "$HOME"')).toBeUndefined();
    expect(lex('ls > /dev/null')).toEqual([{ text: 'ls', quoted: false }, { op: '>/dev/null' }]);
  });
});
