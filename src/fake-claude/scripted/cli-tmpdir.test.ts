import { describe, expect, test } from 'vitest';
import { cliTmpDir } from './cli-tmpdir.js';

describe('cliTmpDir: where the CLI keeps its temporary files', () => {
  test('CLAUDE_CODE_TMPDIR, else TMPDIR without trailing slashes, else /tmp', () => {
    expect(cliTmpDir({ CLAUDE_CODE_TMPDIR: '/c', TMPDIR: '/t' })).toBe('/c');
    expect(cliTmpDir({ CLAUDE_CODE_TMPDIR: '', TMPDIR: '/t/' })).toBe('/t');
    expect(cliTmpDir({})).toBe('/tmp');
    expect(cliTmpDir({ TMPDIR: '/' })).toBe('/');
  });
});
