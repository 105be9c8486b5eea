import {
  type InventoryItem,
  type JsonSchema,
  type OptionItem,
  SDK_INVENTORY_FORMAT,
  type SdkInventory,
} from '../../src/sdk-inventory/inventory.js';
import { readSdkDeclarations } from './declarations.js';
import { declarationRoots, declaredItems } from './declared-items.js';
import { type OptionEffect, probeOptions } from './option-probe.js';
import { runtimeSubtypes } from './runtime-subtypes.js';
import { tidySchemas } from './schema-tidy.js';
import type { SdkPackage } from './sdk-package.js';

export const EXTRACTED_BY = 'scripts/sdk-inventory.ts';

export interface Extraction {
  inventory: SdkInventory;
  warnings: string[];
  /** Milliseconds spent reading the declarations and running the probes. */
  timings: { declarations: number; probes: number };
}

const NOT_PROBED: OptionEffect = {
  argv: [],
  initialize: [],
  env: [],
  probe: 'not-probed',
  note: 'extracted without running the SDK',
};

/**
 * The inventory of one SDK version: its declarations, and (with `probe`) what each `Options`
 * field becomes when the SDK runs.
 */
export async function extractSdkInventory(
  pkg: SdkPackage,
  options: { probe: boolean } = { probe: true },
): Promise<Extraction> {
  let started = Date.now();
  const decl = readSdkDeclarations(pkg.dts, declarationRoots);
  const declared = declaredItems(decl, runtimeSubtypes(pkg.module));
  const declarations = Date.now() - started;

  started = Date.now();
  const effects = options.probe
    ? await probeOptions(
        pkg.module,
        declared.options.map(({ field, schema }) => ({ field, schema })),
        decl.definitions,
      )
    : new Map<string, OptionEffect>();
  const probes = Date.now() - started;

  // Every schema of every item, tidied in one pass so that they share one table of definitions.
  const slots: JsonSchema[] = [];
  const slot = (schema: JsonSchema) => {
    slots.push(schema);
    return slots.length - 1;
  };
  const controls = declared.controls.map((c) => ({
    c,
    request: slot(c.request),
    response: c.response ? slot(c.response.schema) : undefined,
  }));
  const messages = declared.messages.map((m) => ({ m, schema: slot(m.schema) }));
  const hooks = declared.hooks.map((h) => ({ h, input: h.input === undefined ? undefined : slot(h.input) }));
  const fields = declared.options.map((o) => ({ o, schema: slot(o.schema) }));
  const { schemas, definitions } = tidySchemas(slots, decl.definitions);

  const items: InventoryItem[] = [
    ...controls.map(({ c, request, response }) => ({
      ...c,
      request: schemas[request]!,
      ...(c.response && response !== undefined
        ? { response: { sdkType: c.response.sdkType, schema: schemas[response]! } }
        : {}),
    })),
    ...messages.map(({ m, schema }) => ({ ...m, schema: schemas[schema]! })),
    ...hooks.map(({ h, input }) => ({ ...h, ...(input === undefined ? {} : { input: schemas[input]! }) })),
    ...fields.map(({ o, schema }): OptionItem => {
      const effect = effects.get(o.field) ?? NOT_PROBED;
      return {
        id: `option:${o.field}`,
        kind: 'option',
        field: o.field,
        schema: schemas[schema]!,
        argv: effect.argv,
        initialize: effect.initialize,
        env: effect.env,
        probe: effect.probe,
        ...(effect.note === undefined ? {} : { note: effect.note }),
        ...(o.summary === undefined ? {} : { summary: o.summary }),
      };
    }),
  ];
  items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    inventory: {
      format: SDK_INVENTORY_FORMAT,
      sdk: pkg.version,
      bundledCli: pkg.bundledCli,
      extractedBy: EXTRACTED_BY,
      definitions,
      items,
    },
    warnings: declared.warnings,
    timings: { declarations, probes },
  };
}

/** The inventory without what only running the SDK finds (the options' argv, initialize, env, probe, note). */
export function declaredPart(inventory: SdkInventory) {
  return {
    ...inventory,
    items: inventory.items.map((item) => {
      if (item.kind !== 'option') return item;
      const {
        argv: _argv,
        initialize: _initialize,
        env: _env,
        probe: _probe,
        note: _note,
        ...declared
      } = item;
      return declared;
    }),
  };
}

/**
 * The stored text: one item or definition per line, so that a new SDK version's file diffs by item.
 */
export function inventoryText(inventory: SdkInventory): string {
  const { definitions, items, ...head } = inventory;
  const lines = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  const defs = Object.entries(definitions).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return [
    '{',
    ...lines,
    '  "definitions": {',
    defs.join(',\n'),
    '  },',
    '  "items": [',
    items.map((item) => `    ${JSON.stringify(item)}`).join(',\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
