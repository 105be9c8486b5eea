import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSdkInventory, inventoryText } from '../scripts/sdk-inventory/extract.js';
import { flagsOf } from '../scripts/sdk-inventory/option-probe.js';
import { firstSentence, tidySchemas } from '../scripts/sdk-inventory/schema-tidy.js';
import { sdkPackage } from '../scripts/sdk-inventory/sdk-package.js';
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
