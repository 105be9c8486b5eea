import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import { formatPath } from '../findings/index.js';
import { checkModelScript, loadModelScript, parseModelScript } from './model-script.js';

const dir = mkdtempSync(join(tmpdir(), 'model-script-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeScript(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function errorOf(fn: () => unknown): ClideError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ClideError) return error;
    throw error;
  }
  throw new Error('expected a ClideError');
}

describe('model script schema', () => {
  it('accepts every documented field', () => {
    const script = parseModelScript({
      $schema: 'x',
      version: 1,
      description: 'all fields',
      sideRequests: { detect: 'auto', blocks: [{ type: 'text', text: 'side' }] },
      turns: [
        {
          note: 'a reply',
          blocks: [
            { type: 'thinking', thinking: 'hm', signature: 'sig' },
            { type: 'text', text: 'hello' },
            { type: 'tool_use', id: 'toolu_01abc', name: 'Write', input: { file_path: 'a', content: 'b' } },
            { type: 'tool_use', name: 'Bash', input: { command: 'ls' } },
          ],
          stopReason: 'tool_use',
          usage: {
            input_tokens: 5,
            output_tokens: 6,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 1,
          },
          chunkDelayMs: 5,
          firstByteDelayMs: 1,
          headers: { 'anthropic-ratelimit-unified-status': 'allowed' },
        },
        {
          blocks: [{ type: 'text', text: 'the report' }],
          whenToolOffered: {
            SubagentHandback: [
              { type: 'tool_use', name: 'SubagentHandback', input: { message: 'the report' } },
            ],
          },
        },
        {
          error: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
          times: 2,
          headers: { 'retry-after': '1' },
        },
      ],
    });
    expect(script.turns).toHaveLength(3);
  });

  it.each([
    [{ version: 2, turns: [] }, '$.version', 'expected 1'],
    [{ version: 1 }, '$.turns', 'required field is missing (expected array)'],
    [{ version: 1, turns: [{}] }, '$.turns[0]', 'expected a reply turn {"blocks": [...]} or an error turn'],
    [{ version: 1, turns: [{ blocks: [] }] }, '$.turns[0].blocks', 'a reply turn needs at least one block'],
    [
      { version: 1, turns: [{ blocks: [{ type: 'text' }] }] },
      '$.turns[0].blocks[0].text',
      'required field is missing',
    ],
    [
      { version: 1, turns: [{ blocks: [{ type: 'image' }] }] },
      '$.turns[0].blocks[0].type',
      "'text' | 'thinking' | 'tool_use'",
    ],
    [
      { version: 1, turns: [{ blocks: [{ type: 'tool_use', name: 'Write', input: 'x' }] }] },
      '$.turns[0].blocks[0].input',
      'expected record',
    ],
    [
      { version: 1, turns: [{ blocks: [{ type: 'tool_use', id: 'bad id', name: 'W', input: {} }] }] },
      '$.turns[0].blocks[0].id',
      'may only contain letters',
    ],
    [
      { version: 1, turns: [{ blocks: [{ type: 'text', text: 'a' }], stopReason: 'done' }] },
      '$.turns[0].stopReason',
      '"end_turn"',
    ],
    [
      { version: 1, turns: [{ blocks: [{ type: 'text', text: 'a' }], chunkDelay: 5 }] },
      '$.turns[0]',
      'unknown field "chunkDelay"',
    ],
    [
      { version: 1, turns: [{ blocks: [{ type: 'text', text: 'a' }], whenToolOffered: { Tool: [] } }] },
      '$.turns[0].whenToolOffered.Tool',
      'a reply needs at least one block',
    ],
    [
      { version: 1, turns: [{ error: { status: 529, type: 'overloaded_error' } }] },
      '$.turns[0].error.message',
      'required field is missing',
    ],
    [
      { version: 1, turns: [{ error: { status: 200, type: 'x', message: 'y' } }] },
      '$.turns[0].error.status',
      '>=400',
    ],
    [
      { version: 1, turns: [{ error: { status: 529, type: 'x', message: 'y' }, times: 0 }] },
      '$.turns[0].times',
      '>=1',
    ],
  ])('reports %j at %s', (input, path, what) => {
    const issues = checkModelScript(input);
    expect(issues.length).toBeGreaterThan(0);
    const rendered = issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('\n');
    expect(rendered).toContain(`${path}: `);
    expect(rendered).toContain(what);
  });

  it('throws a model-script ClideError naming the source and the JSON path', () => {
    const error = errorOf(() =>
      parseModelScript({ version: 1, turns: [{ blocks: [{ type: 'text' }] }] }, 'inline.json'),
    );
    expect(error.code).toBe('model-script');
    expect(error.where).toBe('inline.json');
    expect(error.message).toContain('$.turns[0].blocks[0].text');
    expect(error.hint).toContain('docs/model-script.md');
  });

  it('lists every problem when there are several', () => {
    const error = errorOf(() => parseModelScript({ version: 3, turns: [{ blocks: [{ type: 'text' }] }] }));
    expect(error.message).toMatch(/^2 problems:/);
    expect(error.message).toContain('$.version');
    expect(error.message).toContain('$.turns[0].blocks[0].text');
  });
});

describe('loadModelScript', () => {
  it('loads a valid file', () => {
    const path = writeScript(
      'ok.json',
      JSON.stringify({ version: 1, turns: [{ blocks: [{ type: 'text', text: 'hi' }] }] }),
    );
    expect(loadModelScript(path).turns[0]).toEqual({ blocks: [{ type: 'text', text: 'hi' }] });
  });

  it('names the file and the JSON path of a schema problem', () => {
    const path = writeScript('bad.json', JSON.stringify({ version: 1, turns: [{ error: { status: 'x' } }] }));
    const error = errorOf(() => loadModelScript(path));
    expect(error.code).toBe('model-script');
    expect(error.render()).toContain(path);
    expect(error.render()).toContain('$.turns[0].error.status');
  });

  it('names the file when it is not JSON', () => {
    const path = writeScript('broken.json', '{ "version": 1, ');
    const error = errorOf(() => loadModelScript(path));
    expect(error.code).toBe('model-script');
    expect(error.where).toBe(path);
    expect(error.message).toContain('not valid JSON');
  });

  it('reports a missing file as an io error', () => {
    const error = errorOf(() => loadModelScript(join(dir, 'nope.json')));
    expect(error.code).toBe('io');
    expect(error.where).toBe(join(dir, 'nope.json'));
  });
});
