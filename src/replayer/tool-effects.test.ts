import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import { applyToolEffect } from './tool-effects.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A session folder and, beside it, a folder outside it. */
function place(): { cwd: string; outside: string } {
  const root = mkdtempSync(join(tmpdir(), 'tool-effects-'));
  dirs.push(root);
  const cwd = join(root, 'session');
  const outside = join(root, 'outside');
  mkdirSync(cwd);
  mkdirSync(outside);
  return { cwd, outside };
}

const ok = [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'ok', is_error: false }];
const write = (filePath: string, content = 'planted\n') => ({
  type: 'user',
  message: { role: 'user', content: ok },
  tool_use_result: { type: 'create', filePath, content, structuredPatch: [], originalFile: null },
});
const edit = (filePath: string, oldString: string, newString: string) => ({
  type: 'user',
  message: { role: 'user', content: ok },
  tool_use_result: { filePath, oldString, newString, originalFile: null, structuredPatch: [] },
});

function refusal(run: () => unknown): ClideError {
  try {
    run();
  } catch (error) {
    if (error instanceof ClideError) return error;
    throw error;
  }
  throw new Error('expected a ClideError, nothing was thrown');
}

describe('applyToolEffect', () => {
  it('writes a recorded Write inside the working folder, creating its folders', () => {
    const { cwd } = place();
    expect(applyToolEffect(write(join(cwd, 'a/b/c.txt')), cwd, { where: 'f.jsonl frame seq 3' })).toEqual({
      tool: 'Write',
      path: join(cwd, 'a/b/c.txt'),
    });
    expect(readFileSync(join(cwd, 'a/b/c.txt'), 'utf8')).toBe('planted\n');
  });

  it('writes inside a working folder reached through a symbolic link (the folder itself may be a link)', () => {
    const { cwd, outside } = place();
    const alias = join(outside, 'alias');
    symlinkSync(cwd, alias);
    applyToolEffect(write(join(alias, 'x.txt')), alias, { where: 'f.jsonl frame seq 3' });
    expect(readFileSync(join(cwd, 'x.txt'), 'utf8')).toBe('planted\n');
  });

  it('leaves a path outside the working folder alone, as recorded (the CLI wrote there; replay does not)', () => {
    const { cwd, outside } = place();
    expect(applyToolEffect(write(join(outside, 'x.txt')), cwd, { where: 'w' })).toBeUndefined();
    expect(existsSync(join(outside, 'x.txt'))).toBe(false);
  });

  it('refuses a Write through a symbolic link in the working folder that leads outside it: nothing written, a fixture error naming the frame', () => {
    const { cwd, outside } = place();
    symlinkSync(outside, join(cwd, 'link'));
    const error = refusal(() =>
      applyToolEffect(write(join(cwd, 'link/escaped.txt')), cwd, { where: 'f.jsonl frame seq 7' }),
    );
    expect(error.code).toBe('fixture');
    expect(error.where).toBe('f.jsonl frame seq 7');
    expect(error.message).toContain('outside the working folder');
    expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);
  });

  it('refuses a Write into new folders under a link that leads outside (nothing created outside)', () => {
    const { cwd, outside } = place();
    symlinkSync(outside, join(cwd, 'link'));
    const error = refusal(() =>
      applyToolEffect(write(join(cwd, 'link/new/deeper/escaped.txt')), cwd, { where: 'w' }),
    );
    expect(error.code).toBe('fixture');
    expect(existsSync(join(outside, 'new'))).toBe(false);
  });

  it('refuses a Write whose last component is a symbolic link: its target is untouched', () => {
    const { cwd, outside } = place();
    writeFileSync(join(outside, 'target.txt'), 'original\n');
    symlinkSync(join(outside, 'target.txt'), join(cwd, 'file.txt'));
    const error = refusal(() =>
      applyToolEffect(write(join(cwd, 'file.txt')), cwd, { where: 'f.jsonl frame seq 2' }),
    );
    expect(error.code).toBe('fixture');
    expect(error.message).toContain('symbolic link');
    expect(readFileSync(join(outside, 'target.txt'), 'utf8')).toBe('original\n');
    expect(lstatSync(join(cwd, 'file.txt')).isSymbolicLink()).toBe(true);
  });

  it('refuses an Edit through a link that leads outside: the outside file is neither read nor changed', () => {
    const { cwd, outside } = place();
    writeFileSync(join(outside, 'secret.txt'), 'key=abc\n');
    symlinkSync(outside, join(cwd, 'link'));
    const error = refusal(() =>
      applyToolEffect(edit(join(cwd, 'link/secret.txt'), 'abc', 'xyz'), cwd, { where: 'w' }),
    );
    expect(error.code).toBe('fixture');
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('key=abc\n');
  });

  it('a recorded path with a NUL byte is a fixture error naming the frame and the NUL byte', () => {
    const { cwd } = place();
    const error = refusal(() =>
      applyToolEffect(write(join(cwd, 'a\u0000b.txt')), cwd, { where: 'f.jsonl frame seq 5' }),
    );
    expect(error.code).toBe('fixture');
    expect(error.where).toBe('f.jsonl frame seq 5');
    expect(error.message).toContain('NUL');
  });

  it('a recorded Write onto a folder is a fixture error saying it is a folder', () => {
    const { cwd } = place();
    mkdirSync(join(cwd, 'sub'));
    const error = refusal(() =>
      applyToolEffect(write(join(cwd, 'sub')), cwd, { where: 'f.jsonl frame seq 4' }),
    );
    expect(error.code).toBe('fixture');
    expect(error.where).toBe('f.jsonl frame seq 4');
    expect(error.message).toContain('folder');
  });

  it('a recorded Write below a file is a fixture error (its parent is not a folder)', () => {
    const { cwd } = place();
    writeFileSync(join(cwd, 'plain.txt'), 'x');
    const error = refusal(() =>
      applyToolEffect(write(join(cwd, 'plain.txt/inner.txt')), cwd, { where: 'w' }),
    );
    expect(error.code).toBe('fixture');
    expect(error.message).toContain('not a folder');
  });

  it('a recorded Edit of a folder is a fixture error', () => {
    const { cwd } = place();
    mkdirSync(join(cwd, 'sub'));
    const error = refusal(() => applyToolEffect(edit(join(cwd, 'sub'), 'a', 'b'), cwd, { where: 'w' }));
    expect(error.code).toBe('fixture');
    expect(error.message).toContain('folder');
  });

  it('applies an Edit to the file on disk', () => {
    const { cwd } = place();
    writeFileSync(join(cwd, 'n.txt'), 'one two one\n');
    applyToolEffect(edit(join(cwd, 'n.txt'), 'one', '1'), cwd, { where: 'w' });
    expect(readFileSync(join(cwd, 'n.txt'), 'utf8')).toBe('1 two one\n');
  });
});
