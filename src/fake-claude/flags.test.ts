import { describe, expect, it } from 'vitest';
import { parseFakeFlags } from './flags.js';

const VERSION = '2.1.332 (Claude Code)';

describe('parseFakeFlags (one parser reused for every session)', () => {
  it('a second parse starts from the defaults: nothing of the first argv leaks into it', () => {
    const first = parseFakeFlags(
      ['-p', '--model', 'opus', '--allowedTools', 'Read', 'Write', '--max-turns', '3', 'hello'],
      VERSION,
    );
    expect(first).toMatchObject({
      kind: 'run',
      flags: { print: true, model: 'opus', allowedTools: ['Read', 'Write'], maxTurns: 3, prompt: 'hello' },
    });
    const second = parseFakeFlags(['--input-format', 'stream-json', '--allowedTools', 'Bash'], VERSION);
    expect(second.kind).toBe('run');
    if (second.kind !== 'run') return;
    expect(second.flags.allowedTools).toEqual(['Bash']);
    expect(second.flags.model).toBeUndefined();
    expect(second.flags.print).toBeUndefined();
    expect(second.flags.maxTurns).toBeUndefined();
    expect(second.flags.prompt).toBeUndefined();
  });

  it('the output of an earlier parse error is not repeated by the next one', () => {
    const bad = parseFakeFlags(['--bogus'], VERSION);
    expect(bad).toMatchObject({ kind: 'exit', exitCode: 1, stderr: "error: unknown option '--bogus'\n" });
    const version = parseFakeFlags(['--version'], VERSION);
    expect(version).toEqual({ kind: 'exit', exitCode: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('the flags handed out are the session’s own: changing them does not change a later parse', () => {
    const first = parseFakeFlags(['--add-dir', '/a'], VERSION);
    if (first.kind !== 'run') throw new Error('expected a run');
    first.flags.addDir?.push('/mutated');
    first.flags.model = 'changed';
    const second = parseFakeFlags(['--add-dir', '/b'], VERSION);
    if (second.kind !== 'run') throw new Error('expected a run');
    expect(second.flags.addDir).toEqual(['/b']);
    expect(second.flags.model).toBeUndefined();
  });
});
