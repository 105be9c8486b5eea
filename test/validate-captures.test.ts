import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Finding, formatPath } from '../src/findings/index.js';
import { ControlTracker, validateJsonlFile, validateMessage } from '../src/validate/index.js';

/**
 * The real 2.1.150 captures under test/data/ (stdout and stdin of every catalogue scenario,
 * driven offline) validate against the pinned schemas: zero violations on stdout; on stdin only
 * the scenarios that send something wrong on purpose have violations, and exactly those.
 */
const DIR = join(import.meta.dirname, 'data', '2.1.150');
const VERSION = '2.1.150';
const scenarios = [
  ...new Set(
    readdirSync(DIR)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => f.replace(/\.std(in|out)\.jsonl$/, '')),
  ),
].sort();

/** stdin captures that carry a deliberate protocol mistake → the violation codes (and paths) expected. */
const DELIBERATE: Record<string, string[]> = {
  'control__set-permission-mode-invalid': ['schema/invalid-value $.request.mode'],
  'input__non-json-line': ['wire/non-json-line $'],
  'input__wrong-shape-user-message': ['schema/missing-field $.message.content'],
  'permission__allow-without-updated-input': ['schema/missing-field $.response.response.updatedInput'],
};

const describeFinding = (f: Finding) => `${f.code} ${formatPath(f.path)}`;
const violations = (findings: Finding[]) =>
  findings.filter((f) => f.severity === 'breaking').map(describeFinding);
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });

describe('real 2.1.150 captures (test/data/2.1.150)', () => {
  it('covers the scenarios the issue names', () => {
    for (const id of [
      'turn__plain',
      'permission__allow',
      'permission__deny',
      'ask-user-question__answer',
      'mcp__sdk-server',
      'hooks__pre-tool-use-callback',
      'interrupt__slow-turn',
      'turn__partial-messages',
      'control__unknown-subtype',
      'control__initialize',
    ]) {
      expect(scenarios).toContain(id);
    }
  });

  it.each(scenarios)('%s: stdout has zero violations', async (id) => {
    const result = await validateJsonlFile(join(DIR, `${id}.stdout.jsonl`), { version: VERSION });
    expect(violations(result.findings)).toEqual([]);
  });

  it.each(scenarios)('%s: stdin has exactly its deliberate violations', async (id) => {
    const result = await validateJsonlFile(join(DIR, `${id}.stdin.jsonl`), {
      version: VERSION,
      direction: 'to-cli',
    });
    expect(violations(result.findings)).toEqual(DELIBERATE[id] ?? []);
  });

  it.each(scenarios)(
    '%s: the CLI answers validate against the payload schema of the client request',
    (id) => {
      // Client requests first (to open them), then everything the CLI wrote, then the client's answers.
      const tracker = new ControlTracker();
      const stdin = lines(join(DIR, `${id}.stdin.jsonl`));
      const findings: Finding[] = [];
      for (const m of stdin.filter((m) => m.type === 'control_request'))
        findings.push(...validateMessage(m, { version: VERSION, direction: 'to-cli', tracker }));
      for (const m of lines(join(DIR, `${id}.stdout.jsonl`)))
        findings.push(...validateMessage(m, { version: VERSION, direction: 'from-cli', tracker }));
      for (const m of stdin.filter((m) => m.type !== 'control_request'))
        findings.push(...validateMessage(m, { version: VERSION, direction: 'to-cli', tracker }));
      const expected = (DELIBERATE[id] ?? []).filter((d) => !d.startsWith('wire/'));
      expect(violations(findings)).toEqual(expected);
    },
  );
});
