import { afterEach, describe, expect, it, vi } from 'vitest';
import { packageInfo } from '../../config/package-info.js';
import { runCaptureCommand } from './cli-runner.js';

describe('the fake:capture commands’ shared shape', () => {
  afterEach(() => vi.restoreAllMocks());
  const output = () => {
    const out: string[] = [];
    const err: string[] = [];
    const into = (lines: string[]) => (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(into(out));
    vi.spyOn(process.stderr, 'write').mockImplementation(into(err));
    return { out, err };
  };

  it('no version: usage on stderr naming the command and its flags, exit 2, nothing captured', async () => {
    const { err } = output();
    const capture = vi.fn();
    expect(await runCaptureCommand('fake:capture', capture, { argv: [], flags: ['--argv-only'] })).toBe(2);
    expect(err.join('')).toBe('usage: npm run fake:capture -- <version> [<claude binary>] [--argv-only]\n');
    expect(capture).not.toHaveBeenCalled();
  });

  it('the binary given is used, flags told apart from the arguments, lines on stdout, exit 0', async () => {
    const { out } = output();
    const seen: unknown[] = [];
    const code = await runCaptureCommand(
      'fake:capture',
      async ({ version, binary, flags }) => {
        seen.push({ version, binary, flags });
        return { lines: ['wrote a', 'wrote b'] };
      },
      { argv: ['2.1.400', '--argv-only', '/opt/claude'], flags: ['--argv-only'], registries: () => [] },
    );
    expect(code).toBe(0);
    expect(seen).toEqual([{ version: '2.1.400', binary: '/opt/claude', flags: ['--argv-only'] }]);
    expect(out.join('')).toBe('wrote a\nwrote b\n');
  });

  it('a capture that throws: its message named by the command on stderr, exit 1; one that reports a failure: exit 1', async () => {
    const { err } = output();
    const thrower = async () => {
      throw new Error('no budget notice');
    };
    expect(
      await runCaptureCommand('fake:capture-model-side', thrower, {
        argv: ['2.1.400', '/b'],
        registries: () => [],
      }),
    ).toBe(1);
    expect(err.join('')).toContain('fake:capture-model-side: no budget notice\n');
    const failing = async () => ({ lines: ['behaviour: FAILED: x'], failed: true });
    expect(
      await runCaptureCommand('fake:capture-all', failing, { argv: ['2.1.400', '/b'], registries: () => [] }),
    ).toBe(1);
  });

  it("a capture that wrote a version's first file in a folder registers it there and says so", async () => {
    const { out } = output();
    const registries = vi.fn(() => [`${packageInfo().root}/src/fake-claude/scripted/x/data/index.ts`]);
    const code = await runCaptureCommand('fake:capture-x', async () => ({ lines: ['wrote x'] }), {
      argv: ['2.1.400', '/b'],
      registries,
    });
    expect(code).toBe(0);
    expect(registries).toHaveBeenCalledOnce();
    expect(out.join('')).toBe(
      'wrote x\nregistered in src/fake-claude/scripted/x/data/index.ts; npm run build to use it\n',
    );
  });
});
