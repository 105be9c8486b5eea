/**
 * Where each SDK-declared item lives in a pinned schema set, and how the set agrees with it.
 *
 * - a message the CLI writes: a member of `cliOutputMessage` (root `out`); one the client writes:
 *   of `clientInputMessage` (root `in`);
 * - a control request: the `request` of a `control_request` member in the direction(s) it travels;
 *   its success payload: `controlResponsePayloads[subtype]` (root `payload:<subtype>`);
 * - a hook event: a member of the `hook_callback` request's `input`.
 * Options travel as argv (no schema) or as `initialize` fields (typed with that request).
 *
 * The answers a client writes to the CLI's own requests (a permission decision, a hook's output)
 * are checked the other way round: the CLI is the judge of what it accepts (a bare allow without
 * `updatedInput` is a ZodError on 2.1.150 whatever the SDK's type says), so their disagreements
 * with the SDK are reported as `narrower` and never amended.
 */
import { type AmendRoot, nodeAt, parseRoute, rootSchemaOf } from '../../schemas/amend.js';
import type { SchemaSet } from '../../schemas/schema-set.js';
import type { InventoryItem, SdkInventory } from '../sdk-inventory/inventory.js';
import { type AgreementIssue, checkAgreement } from './agreement.js';
import type { JsonSchema } from './sdk-type.js';
import type { ZodSourcePrinter } from './zod-source.js';

export interface PlacedIssue extends AgreementIssue {
  root: AmendRoot;
  /** The inventory item it belongs to. */
  item: string;
}

export interface ItemAgreement {
  item: InventoryItem;
  /** Whether the set has a schema for the item (every direction it travels in). */
  typed: boolean;
  /** Disagreements the reconciliation settles (amendments). */
  issues: PlacedIssue[];
  /** Disagreements kept on purpose: the client's answers, where the CLI's parser is the judge. */
  narrower: PlacedIssue[];
}

interface Place {
  root: AmendRoot;
  at: string;
  schema: JsonSchema;
  /** A payload with no schema yet: `add-payload` instead of a walk. */
  payload?: string;
  judgedByCli?: boolean;
}

const REQUEST_ROUTE = '<type=control_request>.request';
const HOOK_ROUTE = `${REQUEST_ROUTE}<subtype=hook_callback>.input`;

function placesOf(item: InventoryItem, set: SchemaSet): Place[] {
  switch (item.kind) {
    case 'message': {
      const root: AmendRoot = item.direction === 'cli-to-client' ? 'out' : 'in';
      return [{ root, at: '', schema: envelopeOnly(item) }];
    }
    case 'control-request': {
      const places: Place[] = [];
      const outbound = item.direction !== 'client-to-cli';
      const inbound = item.direction !== 'cli-to-client';
      if (outbound) places.push({ root: 'out', at: REQUEST_ROUTE, schema: item.request });
      if (inbound) places.push({ root: 'in', at: REQUEST_ROUTE, schema: item.request });
      if (item.response) {
        const has = item.subtype in set.controlResponsePayloads;
        places.push({
          root: `payload:${item.subtype}`,
          at: '',
          schema: item.response.schema,
          ...(has ? {} : { payload: item.subtype }),
          // The answer to a request the CLI sends is written by the client and parsed by the CLI.
          judgedByCli: item.direction === 'cli-to-client',
        });
      }
      return places;
    }
    case 'hook-event':
      return item.input ? [{ root: 'out', at: HOOK_ROUTE, schema: item.input }] : [];
    case 'option':
      return [];
  }
}

/**
 * A `control_request`/`control_response` envelope is one stdout type for all subtypes: its inner
 * request is checked per subtype (the control-request items, in their direction), not here.
 */
function envelopeOnly(item: Extract<InventoryItem, { kind: 'message' }>): JsonSchema {
  if (item.type !== 'control_request' || typeof item.schema !== 'object') return item.schema;
  const props = item.schema.properties as Record<string, JsonSchema> | undefined;
  if (!props?.request) return item.schema;
  return { ...item.schema, properties: { ...props, request: true } };
}

/** The route of the item's own member below its place (`<type=system><subtype=init>`, …). */
function ownRoute(item: InventoryItem): string | undefined {
  switch (item.kind) {
    case 'message':
      return `<type=${item.type}>${item.subtype === undefined ? '' : `<subtype=${item.subtype}>`}`;
    case 'control-request':
      return `<subtype=${item.subtype}>`;
    case 'hook-event':
      return `<hook_event_name=${item.event}>`;
    case 'option':
      return undefined;
  }
}

/** How `set` agrees with one inventory item. */
export function agreementFor(
  item: InventoryItem,
  inventory: SdkInventory,
  set: SchemaSet,
  printer: ZodSourcePrinter,
): ItemAgreement {
  const issues: PlacedIssue[] = [];
  const narrower: PlacedIssue[] = [];
  let typed = true;
  for (const place of placesOf(item, set)) {
    if (place.payload !== undefined) {
      typed = false;
      issues.push({
        root: place.root,
        item: item.id,
        code: 'sdk/member-missing',
        at: '',
        expected: item.kind === 'control-request' && item.response ? item.response.sdkType : 'payload',
        actual: 'no payload schema',
        fix: { op: 'add-payload', subtype: place.payload, source: printer.expression(place.schema) },
      });
      continue;
    }
    const node = rootSchemaOf(set, place.root);
    if (!node) continue;
    const base = place.at === '' ? node : nodeAt(node, place.at);
    if (!base) continue;
    const found = checkAgreement(
      place.schema,
      base,
      parseRoute(place.at),
      inventory.definitions,
      printer,
    ).map((issue): PlacedIssue => ({ ...issue, root: place.root, item: item.id }));
    const own = ownRoute(item);
    if (own !== undefined && place.root !== `payload:${item.kind === 'control-request' ? item.subtype : ''}`)
      if (!nodeAt(node, `${place.at}${own}`)) typed = false;
    (place.judgedByCli ? narrower : issues).push(...found);
  }
  return { item, typed, issues, narrower };
}

/** Every item of an inventory against one set. */
export function agreementOf(
  inventory: SdkInventory,
  set: SchemaSet,
  printer: ZodSourcePrinter,
): ItemAgreement[] {
  return inventory.items.map((item) => agreementFor(item, inventory, set, printer));
}
