import { rmSync, statSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { socketPlace } from './socket-place.js';

describe('socketPlace without a path: the server makes a private folder for its socket', () => {
  const saved = process.env.TMPDIR;
  const made: string[] = [];
  afterEach(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  test('in the temporary folder', () => {
    process.env.TMPDIR = '/tmp';
    const place = socketPlace(undefined);
    made.push(place.ownFolder!);
    expect(place.socketPath).toMatch(/^\/tmp\/clide-fake-server-\w{6}\/fake\.sock$/);
    expect(statSync(place.ownFolder!).mode & 0o777).toBe(0o700);
  });

  test('in /tmp when the temporary folder is too long a path for a socket', () => {
    process.env.TMPDIR = `/tmp/${'x'.repeat(120)}`;
    const place = socketPlace(undefined);
    made.push(place.ownFolder!);
    expect(place.socketPath).toMatch(/^\/tmp\/clide-fake-server-\w{6}\/fake\.sock$/);
    expect(statSync(place.ownFolder!).mode & 0o777).toBe(0o700);
  });

  test('a path given that is too long is refused, naming its length', () => {
    expect(() => socketPlace(`/tmp/${'y'.repeat(120)}/fake.sock`)).toThrow(
      /socket path is 135 bytes long, over the \d+ a Unix socket path may have/,
    );
  });
});
