import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSdkInventory, inventoryText } from '../scripts/sdk-inventory/extract.js';
import { flagsOf } from '../scripts/sdk-inventory/option-probe.js';
import { firstSentence, tidySchemas } from '../scripts/sdk-inventory/schema-tidy.js';
import { sdkPackage } from '../scripts/sdk-inventory/sdk-package.js';
import {
  emulatedStart,
  STUB_SCRIPT,
  StubProcess,
  type StubRecord,
  type StubSpawnOptions,
} from '../scripts/sdk-inventory/stub.js';
import { packageInfo } from '../src/config/package-info.js';
import { sdkInventoryDir } from '../src/sdk-inventory/inventory.js';

/**
 * scripts/sdk-inventory.ts against the installed newest Agent SDK: the committed inventory is what
 * the extraction gives today (its declarations through typescript-json-schema, and its `query()`
 * run against the stub once per sample of every option, in this process but for the probe of
 * `spawnClaudeCodeProcess`, which starts it: about 5 s on an idle machine).
 */
describe('the SDK inventory extraction', () => {
  it('gives the committed inventory of 0.3.337, probes included', { timeout: 300_000 }, async () => {
    const pkg = sdkPackage(packageInfo().root, '0.3.337');
    const { inventory } = await extractSdkInventory(pkg, { probe: true });
    const committed = readFileSync(join(sdkInventoryDir(), '0.3.337.json'), 'utf8');
    // Item by item first, for a readable difference; then the stored text itself.
    const stored = JSON.parse(committed) as typeof inventory;
    expect(inventory.items.map((i) => i.id)).toEqual(stored.items.map((i) => i.id));
    for (const [index, item] of inventory.items.entries()) expect(item).toEqual(stored.items[index]);
    expect(inventory.definitions).toEqual(stored.definitions);
    expect(inventoryText(inventory)).toBe(committed);
  });

  it('reads a flag in both forms the SDK writes, --flag value and --flag=value', () => {
    const flags = flagsOf(['--model', 'a', '--thinking=adaptive', '--verbose', '--betas', 'x,y', '--debug']);
    expect(Object.fromEntries(flags)).toEqual({
      '--model': ['"a"'],
      '--thinking': ['"adaptive"'],
      '--verbose': ['null'],
      '--betas': ['"x,y"'],
      '--debug': ['null'],
    });
  });

  it('stores schemas without documentation, inlining the generator’s order-dependent names', () => {
    const { schemas, definitions } = tidySchemas(
      [
        {
          description: 'An item.',
          type: 'object',
          properties: {
            description: { type: 'string', description: 'A property named description stays.' },
            mode: { $ref: '#/definitions/PermissionMode', description: 'dropped' },
            extra: { $ref: '#/definitions/Record_3' },
            tree: { $ref: '#/definitions/__type_7' },
          },
          default: "'x'",
        },
      ],
      {
        PermissionMode: { description: 'Modes.', enum: ['default', 'plan'], type: 'string' },
        Record_3: { $ref: '#/definitions/__type_2' },
        __type_2: { type: 'object', additionalProperties: { $ref: '#/definitions/PermissionMode' } },
        __type_7: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/definitions/__type_7' } } },
        },
      },
    );
    const tree = Object.keys(definitions).find((n) => n.startsWith('anonymous_'))!;
    expect(tree).toMatch(/^anonymous_[0-9a-f]{10}$/);
    expect(schemas).toEqual([
      {
        type: 'object',
        properties: {
          description: { type: 'string' },
          mode: { $ref: '#/definitions/PermissionMode' },
          extra: { type: 'object', additionalProperties: { $ref: '#/definitions/PermissionMode' } },
          tree: { $ref: `#/definitions/${tree}` },
        },
      },
    ]);
    expect(definitions).toEqual({
      PermissionMode: { enum: ['default', 'plan'], type: 'string' },
      [tree]: {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: `#/definitions/${tree}` } } },
      },
    });
  });

  it('summarises a doc comment by its first sentence', () => {
    expect(firstSentence('Reads the end of one task. At most 64 KiB;\n  see `tail`.')).toBe(
      'Reads the end of one task.',
    );
    expect(firstSentence('Local slash command output (e.g. /voice, /usage). Displayed as text.')).toBe(
      'Local slash command output (e.g. /voice, /usage).',
    );
    expect(firstSentence(undefined)).toBeUndefined();
  });
});

/** What the SDK writes to its CLI in a probe run, in two writes (a line split across them). */
const INPUT = [
  '{"type":"control_request","request_id":"r1","request":{"subtype":"initialize","hooks":null}}\n{"type":"us',
  'er","message":{"role":"user","content":"probe"}}\n',
];

/** Feeds `INPUT` to a stub's stdin; resolves with what it answered once it has exited. */
function drive(child: {
  stdin: NodeJS.WritableStream;
  stdout: NodeJS.ReadableStream;
  once(event: 'exit', listener: (code: number | null) => void): unknown;
}): Promise<{ answers: string; code: number | null }> {
  let answers = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    answers += chunk;
  });
  const exited = new Promise<{ answers: string; code: number | null }>((resolve) =>
    child.once('exit', (code) => resolve({ answers, code })),
  );
  child.stdin.write(INPUT[0]!);
  setTimeout(() => child.stdin.write(INPUT[1]!), 20);
  return exited;
}

describe('the option probe’s stub', () => {
  it('records inside this process what the started script records', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clide-stub-test-'));
    try {
      const script = join(dir, 'stub.mjs');
      writeFileSync(script, STUB_SCRIPT, { mode: 0o755 });
      // A folder reached through a link: the record has it resolved, as the child's cwd is.
      symlinkSync(dir, join(dir, 'link'));
      const options: StubSpawnOptions = {
        command: 'node',
        args: ['--no-warnings', script, '--model', 'a b', '--verbose', '--thinking=adaptive'],
        cwd: join(dir, 'link'),
        env: { PATH: process.env.PATH, CLIDE_STUB: 'x', UNSET: undefined, EMPTY: '' },
      };
      const child = spawn(options.command, options.args, {
        cwd: options.cwd,
        env: options.env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const started = await drive(child);
      const record = JSON.parse(readFileSync(`${script}.json`, 'utf8')) as StubRecord;

      const start = emulatedStart(options, script);
      expect(start).toBeDefined();
      const stub = new StubProcess(start!);
      const inProcess = await drive(stub);
      expect(stub.record).toEqual(record);
      expect(inProcess).toEqual(started);
      expect(started.code).toBe(0);
      expect(record.stdin).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves to a process a start it cannot read exactly', () => {
    const base: StubSpawnOptions = {
      command: 'node',
      args: ['/s.mjs', '--x'],
      env: { PATH: process.env.PATH },
    };
    expect(emulatedStart(base, '/s.mjs')).toBeDefined();
    expect(emulatedStart({ ...base, command: 'bun' }, '/s.mjs')).toBeUndefined();
    expect(emulatedStart({ ...base, args: ['--require', 'x', '/s.mjs'] }, '/s.mjs')).toBeUndefined();
    expect(emulatedStart({ ...base, args: ['--no-such-flag', '/s.mjs'] }, '/s.mjs')).toBeUndefined();
    expect(emulatedStart({ ...base, cwd: join(tmpdir(), 'clide-no-such-folder') }, '/s.mjs')).toBeUndefined();
    expect(emulatedStart({ ...base, env: { PATH: '/nonexistent' } }, '/s.mjs')).toBeUndefined();
    expect(emulatedStart(base, '/other.mjs')).toBeUndefined();
  });
});
