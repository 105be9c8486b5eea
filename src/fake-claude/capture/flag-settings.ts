import { noModel } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import type { JsonSchema, SdkInventory } from '../../sdk-inventory/inventory.js';
import { isRecord } from '../../util/json.js';

type Json = Record<string, unknown>;

/** The kinds of JSON value a settings key can be given. */
export const VALUE_KINDS = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/** A plain value of each kind, sent where the Agent SDK declares another kind for the key. */
const SAMPLES: Record<ValueKind, unknown> = { string: 'x', number: 1, boolean: true, array: [], object: {} };

/** The kind of a JSON value (`null` has none: it clears a key). */
export function kindOf(value: unknown): ValueKind | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return 'array';
  const kind = typeof value;
  return kind === 'string' || kind === 'number' || kind === 'boolean' || kind === 'object' ? kind : undefined;
}

/**
 * The kinds a JSON Schema of the SDK's declarations allows (`type`, `enum`/`const` values, the
 * members of `anyOf`/`oneOf`, `$ref`s into `definitions`); `undefined` when it does not say (an
 * empty schema, `true`): then every kind may be right and none is probed.
 */
export function declaredKinds(
  schema: JsonSchema,
  definitions: Record<string, JsonSchema>,
): Set<ValueKind> | undefined {
  if (!isRecord(schema)) return undefined;
  const ref = typeof schema.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  if (ref !== undefined) {
    const target = definitions[ref];
    return target === undefined ? undefined : declaredKinds(target, definitions);
  }
  const out = new Set<ValueKind>();
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  for (const type of types) {
    if (type === 'integer') out.add('number');
    else if ((VALUE_KINDS as readonly unknown[]).includes(type)) out.add(type as ValueKind);
  }
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
  for (const value of values) {
    const kind = kindOf(value);
    if (kind) out.add(kind);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    for (const member of members) {
      const kinds = declaredKinds(member as JsonSchema, definitions);
      if (kinds === undefined) return undefined;
      for (const kind of kinds) out.add(kind);
    }
  }
  return out.size > 0 ? out : undefined;
}

/** The top-level settings keys the SDK declares, in its order, with the kinds it declares for each. */
export function settingsKeys(inventory: SdkInventory): Array<{ key: string; kinds: Set<ValueKind> }> {
  const { definitions } = inventory;
  const settings = definitions.Settings;
  const properties = isRecord(settings) && isRecord(settings.properties) ? settings.properties : {};
  return Object.entries(properties).flatMap(([key, schema]) => {
    if (key.startsWith('$')) return [];
    const kinds = declaredKinds(schema as JsonSchema, definitions);
    return kinds === undefined ? [] : [{ key, kinds }];
  });
}

/**
 * Which kinds of value `apply_flag_settings` refuses for each settings key: for every top-level
 * key the Agent SDK's `Settings` declares, a plain value of each kind it does not declare is sent
 * alone, in one session (a refused one applies nothing; an accepted one is cleared with `null`
 * at once). Only keys with a refused kind are listed, in the SDK's order (the CLI names refused
 * keys in its schema's order, which is the SDK's). A version that refuses nothing, or has no
 * `apply_flag_settings`, gets `{}`.
 */
export async function captureFlagSettingRejections(
  binary: string,
  inventory: SdkInventory,
): Promise<Record<string, ValueKind[]>> {
  const rejections: Record<string, ValueKind[]> = {};
  const scenario: Scenario = {
    id: 'capture/flag-settings',
    requirement: 'capture',
    spec: 'capture',
    tier: 'offline',
    model: noModel,
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      // A version without the request refuses everything: nothing to learn.
      const empty: Json = await ctx.session.request({ subtype: 'apply_flag_settings', settings: {} });
      if (empty.subtype !== 'success') return;
      for (const { key, kinds } of settingsKeys(inventory)) {
        for (const kind of VALUE_KINDS) {
          if (kinds.has(kind)) continue;
          const reply: Json = await ctx.session.request({
            subtype: 'apply_flag_settings',
            settings: { [key]: SAMPLES[kind] },
          });
          if (reply.subtype === 'error') rejections[key] = [...(rejections[key] ?? []), kind];
          else await ctx.session.request({ subtype: 'apply_flag_settings', settings: { [key]: null } });
        }
      }
    },
  };
  await runScenario(scenario, { binary });
  return rejections;
}
