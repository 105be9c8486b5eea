/**
 * Values built from the Agent SDK's declared types, for what the CLI writes (its messages, its
 * control requests, the hook inputs it sends, the payloads of its answers), validate against the
 * kit's schemas of the pinned version that answers to that SDK: no violation, no unknown field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pinnedVersions, schemaSetFor } from '../schemas/registry.js';
import { isViolation } from '../src/findings/index.js';
import { sdkForPin } from '../src/sdk-inventory/for-pin.js';
import { type HookEventItem, type InventoryItem, loadSdkInventory } from '../src/sdk-inventory/inventory.js';
import { validateMessage } from '../src/validate/index.js';
import { sdkArbitrary, sdkUnknownAt } from './support/sdk-arbitrary.js';

function wrap(item: InventoryItem, value: unknown): unknown {
  if (item.kind === 'control-request') return { type: 'control_request', request_id: 'r-1', request: value };
  if (item.kind === 'hook-event')
    return {
      type: 'control_request',
      request_id: 'r-1',
      request: { subtype: 'hook_callback', callback_id: 'c-1', input: value },
    };
  return value;
}

describe.each(pinnedVersions())(
  'values the Agent SDK declares validate against the %s schemas',
  (version) => {
    const sdk = sdkForPin(version);
    const inventory = loadSdkInventory(sdk);
    const { set } = schemaSetFor(version);
    const items = inventory.items.filter(
      (i) =>
        (i.kind === 'message' && i.direction === 'cli-to-client' && i.type !== 'control_request') ||
        (i.kind === 'control-request' && i.direction !== 'client-to-cli') ||
        (i.kind === 'hook-event' && i.input !== undefined),
    );

    it(`covers the CLI-sent items of Agent SDK ${sdk}`, () => {
      expect(items.length).toBeGreaterThan(40);
    });

    it.each(items.map((i) => [i.id, i] as const))('%s', (_id, item) => {
      const schema =
        item.kind === 'message'
          ? item.schema
          : item.kind === 'control-request'
            ? item.request
            : (item as HookEventItem).input!;
      // Where the SDK says `unknown` it declares nothing, and the kit's narrower type stands.
      const prefix = item.kind === 'hook-event' ? 2 : item.kind === 'control-request' ? 1 : 0;
      fc.assert(
        fc.property(sdkArbitrary(schema, inventory.definitions), (value) => {
          const findings = validateMessage(wrap(item, value), {
            direction: 'from-cli',
            schemaSet: set,
          }).filter(
            (f) =>
              (isViolation(f) || f.code === 'schema/unknown-field') &&
              !sdkUnknownAt(schema, inventory.definitions, f.path.slice(prefix)),
          );
          expect(findings.map((f) => `${f.code} ${f.path.join('.')} ${f.message}`)).toEqual([]);
        }),
        { numRuns: 25 },
      );
    });
  },
);
