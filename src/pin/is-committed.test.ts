import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/support/temp-dirs.js';
import { isCommitted } from './pin.js';

const temp = tempDirs();

describe('isCommitted: whether pin may draft a set again', () => {
  it('a set written by a pin that stopped is not committed; once committed it is; outside a repository it counts as committed', async () => {
    const root = temp('clide-pin-git-');
    const file = join('schemas', '2.1.324', 'index.ts');
    expect(await isCommitted(root, file)).toBe(true);
    await execa('git', ['init', '-q'], { cwd: root });
    mkdirSync(join(root, 'schemas', '2.1.324'), { recursive: true });
    writeFileSync(join(root, file), '');
    expect(await isCommitted(root, file)).toBe(false);
    await execa('git', ['add', file], { cwd: root });
    await execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'pin'], { cwd: root });
    expect(await isCommitted(root, file)).toBe(true);
  });
});
