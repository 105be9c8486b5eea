import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/support/temp-dirs.js';
import { stringifyJson } from '../util/deep-json.js';
import { scanForLeaksSync } from './leak-scan.js';
import { createRedactor } from './redactor.js';

const temp = tempDirs();

const SECRET = 'sk-ant-api03-deepdeepdeepdeepdeepdeepdeepdeepdeep0123456789abcdef';
/** `{"a":[{"a":[ … "text" … ]}]}`, `depth` levels of objects and arrays around the text. */
const nested = (depth: number, text: string): unknown =>
  JSON.parse(`${'{"a":['.repeat(depth / 2)}${JSON.stringify(text)}${']}'.repeat(depth / 2)}`);

describe('redaction and the leak scan of values of any depth', () => {
  it('redacts a secret and the home folder in a message nested 100,000 levels deep', () => {
    const redactor = createRedactor({ env: { ANTHROPIC_API_KEY: SECRET }, home: '/home/alice', cwd: '' });
    const out = stringifyJson(redactor.redact(nested(100_000, `key ${SECRET} in /home/alice/x`)));
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain('/home/alice');
    expect(out).toContain('$HOME/x');
  });

  it('redacts a shallow message the same way (the walk, not the text fallback)', () => {
    const redactor = createRedactor({ env: { ANTHROPIC_API_KEY: SECRET }, home: '/home/alice', cwd: '' });
    const out = stringifyJson(redactor.redact(nested(10, `key ${SECRET} in /home/alice/x`)));
    expect(out).not.toContain(SECRET);
    expect(out).toContain('$HOME/x');
  });

  it('the leak scan finds a secret in a fixture line nested 100,000 levels deep', () => {
    const file = join(temp('clide-deep-scan-'), 'deep.jsonl');
    writeFileSync(
      file,
      `${stringifyJson({ kind: 'frame', seq: 0, t: 0, dir: 'to-cli', msg: nested(100_000, `x ${SECRET}`) })}\n`,
    );
    expect(scanForLeaksSync(file, [SECRET]).length).toBeGreaterThan(0);
  });
});
