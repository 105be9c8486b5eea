import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { versionOrder } from '../../schemas/version.js';
import { packageInfo } from '../config/package-info.js';
import { ClideError } from '../errors/index.js';
import { formatPath } from '../findings/index.js';

/**
 * The protocol inventory of one Agent SDK version: every control request, message, `Options` field
 * and hook event its declarations (`sdk.d.ts`) name, with their JSON Schemas. Extracted once per
 * SDK version by `scripts/sdk-inventory.ts` (the TypeScript parser is a dev dependency only) and
 * committed as `schemas/sdk/<sdkVersion>.json`; read here, validated, by the coverage command.
 */
export const SDK_INVENTORY_FORMAT = 'clide-sdk-inventory/1';

/** A JSON Schema (draft 7) as the SDK's declarations give it, descriptions stripped. */
export type JsonSchema = boolean | { [keyword: string]: unknown };

export type ControlDirection = 'client-to-cli' | 'cli-to-client' | 'both';
export type MessageDirection = 'cli-to-client' | 'client-to-cli';
/** Whether running the SDK with the option showed what it becomes. */
export type OptionProbe = 'observed' | 'no-effect' | 'not-probed';

export interface ControlRequestItem {
  id: `control:${string}`;
  kind: 'control-request';
  subtype: string;
  /** cli-to-client: the SDK's runtime handles it; both: it also sends it; else client-to-cli. */
  direction: ControlDirection;
  /** The declared type of the inner `request` object, e.g. `SDKControlGetUsageRequest`. */
  sdkType: string;
  /** The inner `request` object (with its `subtype` const). */
  request: JsonSchema;
  /** The success payload, where the SDK declares one. */
  response?: { sdkType: string; schema: JsonSchema };
  summary?: string;
}

export interface MessageItem {
  /**
   * `message:<type>` or `message:<type>/<subtype>` for what the CLI writes on stdout;
   * `message:stdin:<type>` for what a client writes on the CLI's stdin.
   */
  id: `message:${string}`;
  kind: 'message';
  direction: MessageDirection;
  type: string;
  subtype?: string;
  /** The declared type (several joined by ` | ` where more than one declares the same pair). */
  sdkType: string;
  schema: JsonSchema;
  summary?: string;
}

export interface OptionItem {
  id: `option:${string}`;
  kind: 'option';
  /** The field of `Options`. */
  field: string;
  schema: JsonSchema;
  /** The flags this option adds to (or changes in) the CLI's argv, bare (`--mcp-config`). */
  argv: string[];
  /** The fields of the `initialize` request it sets or changes. */
  initialize: string[];
  /** Environment variables it sets or changes for the CLI. */
  env: string[];
  probe: OptionProbe;
  note?: string;
  summary?: string;
}

export interface HookEventItem {
  id: `hook:${string}`;
  kind: 'hook-event';
  event: string;
  /** The matching `<Event>HookInput`, where declared. */
  input?: JsonSchema;
  summary?: string;
}

export type InventoryItem = ControlRequestItem | MessageItem | OptionItem | HookEventItem;

export interface SdkInventory {
  format: typeof SDK_INVENTORY_FORMAT;
  /** The Agent SDK version, e.g. `0.3.336`. */
  sdk: string;
  /** The CLI version this SDK bundles (its package.json `claudeCodeVersion`). */
  bundledCli: string;
  extractedBy: string;
  /** Shared schemas, referenced from the items as `{"$ref": "#/definitions/<name>"}`. */
  definitions: Record<string, JsonSchema>;
  /** Sorted by id; ids are unique. */
  items: InventoryItem[];
}

const jsonSchema = z.union([z.boolean(), z.record(z.string(), z.unknown())]);
const version = z.string().regex(/^\d+\.\d+\.\d+$/, 'expected a version such as 0.3.336');
const summary = z.string().min(1).optional();

const controlRequestItem = z.strictObject({
  id: z.templateLiteral(['control:', z.string()]),
  kind: z.literal('control-request'),
  subtype: z.string().min(1),
  direction: z.enum(['client-to-cli', 'cli-to-client', 'both']),
  sdkType: z.string().min(1),
  request: jsonSchema,
  response: z.strictObject({ sdkType: z.string().min(1), schema: jsonSchema }).optional(),
  summary,
});

const messageItem = z.strictObject({
  id: z.templateLiteral(['message:', z.string()]),
  kind: z.literal('message'),
  direction: z.enum(['cli-to-client', 'client-to-cli']),
  type: z.string().min(1),
  subtype: z.string().min(1).optional(),
  sdkType: z.string().min(1),
  schema: jsonSchema,
  summary,
});

const optionItem = z.strictObject({
  id: z.templateLiteral(['option:', z.string()]),
  kind: z.literal('option'),
  field: z.string().min(1),
  schema: jsonSchema,
  argv: z.array(z.string().regex(/^--?[A-Za-z0-9][\w-]*$/, 'expected a bare flag such as --model')),
  initialize: z.array(z.string().min(1)),
  env: z.array(z.string().min(1)),
  probe: z.enum(['observed', 'no-effect', 'not-probed']),
  note: z.string().min(1).optional(),
  summary,
});

const hookEventItem = z.strictObject({
  id: z.templateLiteral(['hook:', z.string()]),
  kind: z.literal('hook-event'),
  event: z.string().min(1),
  input: jsonSchema.optional(),
  summary,
});

/** The id an item must have, given its other fields. */
export function inventoryItemId(item: InventoryItem): string {
  switch (item.kind) {
    case 'control-request':
      return `control:${item.subtype}`;
    case 'message': {
      const name = item.subtype === undefined ? item.type : `${item.type}/${item.subtype}`;
      return item.direction === 'client-to-cli' ? `message:stdin:${name}` : `message:${name}`;
    }
    case 'option':
      return `option:${item.field}`;
    case 'hook-event':
      return `hook:${item.event}`;
  }
}

export const sdkInventorySchema: z.ZodType<SdkInventory> = z
  .strictObject({
    format: z.literal(SDK_INVENTORY_FORMAT),
    sdk: version,
    bundledCli: version,
    extractedBy: z.string().min(1),
    definitions: z.record(z.string(), jsonSchema),
    items: z.array(
      z.discriminatedUnion('kind', [controlRequestItem, messageItem, optionItem, hookEventItem]),
    ),
  })
  .superRefine((inventory, ctx) => {
    inventory.items.forEach((item, index) => {
      const expected = inventoryItemId(item);
      if (item.id !== expected)
        ctx.addIssue({ code: 'custom', path: ['items', index, 'id'], message: `expected id ${expected}` });
      const previous = inventory.items[index - 1];
      if (previous !== undefined && !(previous.id < item.id))
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'id'],
          message: `items must be sorted by id, each once (${item.id} after ${previous.id})`,
        });
    });
    const text = JSON.stringify(inventory.items);
    for (const match of text.matchAll(/"\$ref":"#\/definitions\/([^"]+)"/g)) {
      const name = decodeURIComponent(match[1]!);
      if (!(name in inventory.definitions)) {
        ctx.addIssue({ code: 'custom', path: ['definitions'], message: `missing definition ${name}` });
        break;
      }
    }
  });

/** Where the committed inventories are: `schemas/sdk/` in the kit's package. */
export function sdkInventoryDir(): string {
  return join(packageInfo().root, 'schemas', 'sdk');
}

export interface SdkInventoryLocation {
  /** A folder other than the kit's `schemas/sdk/`. */
  dir?: string;
}

/** The SDK versions with a committed inventory, oldest first. */
export function sdkInventoryVersions(options: SdkInventoryLocation = {}): string[] {
  const dir = options.dir ?? sdkInventoryDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => /^(\d+\.\d+\.\d+)\.json$/.exec(name)?.[1])
    .filter((v): v is string => v !== undefined)
    .sort(versionOrder);
}

/** Reads and validates the committed inventory of an Agent SDK version. */
export function loadSdkInventory(sdkVersion: string, options: SdkInventoryLocation = {}): SdkInventory {
  const dir = options.dir ?? sdkInventoryDir();
  const path = join(dir, `${sdkVersion}.json`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const known = sdkInventoryVersions(options);
    throw new ClideError('usage', `there is no inventory of Agent SDK ${sdkVersion}`, {
      where: path,
      hint: `inventories: ${known.join(', ') || 'none'}; \`npm run sdk:inventory -- ${sdkVersion}\` extracts one`,
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ClideError('parse', `not JSON: ${(error as Error).message}`, { where: path, cause: error });
  }
  const checked = sdkInventorySchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const at = formatPath(issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)));
    throw new ClideError(
      'parse',
      `not an SDK inventory (${SDK_INVENTORY_FORMAT}) at ${at}: ${issue.message}`,
      {
        where: `${path} ${at}`,
        hint: '`npm run sdk:inventory -- <sdkVersion>` writes a valid one',
      },
    );
  }
  if (checked.data.sdk !== sdkVersion) {
    throw new ClideError('parse', `the inventory is of Agent SDK ${checked.data.sdk}, not ${sdkVersion}`, {
      where: `${path} $.sdk`,
    });
  }
  return checked.data;
}
