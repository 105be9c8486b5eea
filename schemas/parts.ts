/**
 * The message families a schema set publishes as artefacts of their own (`system.schema.json`,
 * `result.d.ts`, …), each written as a selection from the set's roots, so a family can never
 * disagree with the union it is part of: an amendment that changes a member of
 * `cliOutputMessage` changes its family with it, whatever route it took.
 *
 * A selection is a route of `schemas/amend.ts` from a root (`out`, `in`, `payload:<subtype>`,
 * `toolAnswer:<tool>`), read with one difference: at a union, every member the discriminator
 * selects is taken, not exactly one. A family found at several places (both directions, or
 * several members) is the union of the distinct nodes found; a family found at one node is that
 * node itself, so a name the set gives it (`named`, a `$defs` entry) is kept.
 *
 * Families and new members: a top-level member belongs to a family by its `type` alone. A new
 * member whose `type` a family selects (say a second `type: "system"` member added beside the
 * system union) joins that family. A new `type` no family selects is published in the union
 * artefact only, like `tool_progress` or `control_cancel_request` today; the generator names
 * every such type when it runs (`typeFamilies`). Giving it an artefact of its own is one more
 * row in FAMILIES.
 */
import { z } from 'zod';
import { defOf, parseRoute, propValues, type RouteSegment, unwrap } from './amend.js';
import { selects } from './amend-route.js';
import type { SchemaSet } from './schema-set.js';

/** Where a family's members are found: `out`, `in`, `payload:<subtype>` or `toolAnswer:<tool>`. */
export type FamilyRoot = 'out' | 'in' | `payload:${string}` | `toolAnswer:${string}`;

export interface FamilySource {
  root: FamilyRoot;
  /** A route (`schemas/amend.ts`); at a union, all the members it selects. */
  at: string;
}

export interface Family {
  /** File stem of the artefacts, e.g. `system`. */
  name: string;
  /** Root type name in the .d.ts. */
  typeName: string;
  description: string;
  /** Every place its members are; the family is their union. */
  from: readonly FamilySource[];
  /** Fields the family requires where its place leaves them optional (a narrower use of the place). */
  require?: readonly string[];
}

const out = (at: string): FamilySource => ({ root: 'out', at });
const inp = (at: string): FamilySource => ({ root: 'in', at });

/** Every family, in the order the generator writes them. */
export const FAMILIES: readonly Family[] = [
  {
    name: 'system',
    typeName: 'SystemMessage',
    description: '`type: "system"`, every subtype.',
    from: [out('<type=system>')],
  },
  {
    name: 'assistant',
    typeName: 'AssistantMessage',
    description: '`type: "assistant"`.',
    from: [out('<type=assistant>')],
  },
  {
    name: 'user',
    typeName: 'UserMessage',
    description: '`type: "user"` as the CLI writes it.',
    from: [out('<type=user>')],
  },
  {
    name: 'client-user',
    typeName: 'ClientUserMessage',
    description: '`type: "user"` as a client writes it (a prompt).',
    from: [inp('<type=user>')],
  },
  {
    name: 'result',
    typeName: 'ResultMessage',
    description: '`type: "result"`, success and errors.',
    from: [out('<type=result>')],
  },
  {
    name: 'stream-event',
    typeName: 'StreamEventMessage',
    description: '`type: "stream_event"` (with --include-partial-messages).',
    from: [out('<type=stream_event>')],
  },
  {
    name: 'rate-limit',
    typeName: 'RateLimitEvent',
    description: '`type: "rate_limit_event"`.',
    from: [out('<type=rate_limit_event>')],
  },
  {
    name: 'keep-alive',
    typeName: 'KeepAlive',
    description: '`type: "keep_alive"`.',
    from: [out('<type=keep_alive>'), inp('<type=keep_alive>')],
  },
  {
    name: 'control-request-from-cli',
    typeName: 'CliControlRequest',
    description: 'A control_request the CLI writes (the client must answer it).',
    from: [out('<type=control_request>')],
  },
  {
    name: 'control-request-from-client',
    typeName: 'ClientControlRequest',
    description: 'A control_request a client writes (the CLI answers it).',
    from: [inp('<type=control_request>')],
  },
  {
    name: 'control-response',
    typeName: 'ControlResponse',
    description: 'A control_response, either direction.',
    from: [out('<type=control_response>'), inp('<type=control_response>')],
  },
  {
    name: 'permission-decision',
    typeName: 'PermissionDecision',
    description:
      "The client's answer to can_use_tool: allow (updatedInput required) or deny (message required).",
    from: [{ root: 'payload:can_use_tool', at: '' }],
  },
  {
    name: 'ask-user-question',
    typeName: 'AskUserQuestionAnswer',
    description: "AskUserQuestion's updatedInput with the user's answers (question text -> label).",
    from: [{ root: 'toolAnswer:AskUserQuestion', at: '' }],
    require: ['answers'],
  },
  {
    name: 'hook-input',
    typeName: 'HookInput',
    description: 'hook_callback.input, every hook event.',
    from: [out('<type=control_request>.request<subtype=hook_callback>.input')],
  },
  {
    name: 'mcp',
    typeName: 'JsonRpcMessage',
    description: 'MCP JSON-RPC carried in mcp_message.',
    from: [
      out('<type=control_request>.request<subtype=mcp_message>.message'),
      inp('<type=control_request>.request<subtype=mcp_message>.message'),
      { root: 'payload:mcp_message', at: '.mcp_response' },
    ],
  },
];

type AnySchema = z.ZodType;

/** The roots a family is selected from. */
export type FamilyRoots = Pick<
  SchemaSet,
  'cliOutputMessage' | 'clientInputMessage' | 'controlResponsePayloads' | 'toolAnswers'
>;

function rootOf(roots: FamilyRoots, root: FamilyRoot): AnySchema | undefined {
  if (root === 'out') return roots.cliOutputMessage;
  if (root === 'in') return roots.clientInputMessage;
  const [kind, name = ''] = root.split(':') as [string, string | undefined];
  const record = kind === 'payload' ? roots.controlResponsePayloads : roots.toolAnswers;
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

function step(node: AnySchema, seg: RouteSegment): AnySchema[] {
  const def = defOf(unwrap(node));
  const child = (c: unknown): AnySchema[] => (c ? [c as AnySchema] : []);
  switch (seg.kind) {
    case 'field':
      return def.type === 'object' ? child((def.shape as Record<string, AnySchema>)[seg.key]) : [];
    case 'element':
      return def.type === 'array' ? child(def.element) : [];
    case 'value':
      return def.type === 'record' ? child(def.valueType) : [];
    case 'member':
      return def.type === 'union' ? child((def.options as AnySchema[])[seg.index]) : [];
    case 'variant':
      return def.type === 'union'
        ? (def.options as AnySchema[]).filter((o) => selects(o, seg.key, seg.value))
        : [];
  }
}

/** Every node at `route` below `schema` (wrappers kept), distinct, in the order of the tree. */
export function nodesAt(schema: AnySchema, route: string): AnySchema[] {
  let nodes = [schema];
  for (const seg of parseRoute(route)) nodes = [...new Set(nodes.flatMap((n) => step(n, seg)))];
  return nodes;
}

/** `node` with `keys` required (an optional field unwrapped), when it is an object. */
function requiring(node: AnySchema, keys: readonly string[]): AnySchema {
  const inner = unwrap(node);
  if (keys.length === 0 || !(inner instanceof z.ZodObject)) return node;
  const shape = inner.shape as Record<string, AnySchema>;
  const fields = keys.filter((k) => k in shape);
  if (fields.length === 0) return node;
  return inner.extend(
    Object.fromEntries(
      fields.map((k) => {
        const field = shape[k]!;
        return [k, field instanceof z.ZodOptional ? (field.unwrap() as AnySchema) : field];
      }),
    ),
  );
}

/** The nodes one family is made of, distinct (one node: the family is that node). */
export function familyNodes(roots: FamilyRoots, family: Family): AnySchema[] {
  const found = family.from.flatMap((source) => {
    const root = rootOf(roots, source.root);
    return root ? nodesAt(root, source.at) : [];
  });
  return [...new Set(found)].map((node) => requiring(node, family.require ?? []));
}

/** Every family the roots have a member for, keyed by artefact name, in FAMILIES order. */
export function familyParts(roots: FamilyRoots): Record<string, AnySchema> {
  const parts: Record<string, AnySchema> = {};
  for (const family of FAMILIES) {
    const nodes = familyNodes(roots, family);
    if (nodes.length === 0) continue;
    parts[family.name] = nodes.length === 1 ? nodes[0]! : z.union(nodes as [AnySchema, ...AnySchema[]]);
  }
  return parts;
}

/**
 * Each top-level `type` of a root union (`out` or `in`) with the families that publish it; an
 * empty list: the type is in the union artefact only.
 */
export function typeFamilies(roots: FamilyRoots, root: 'out' | 'in'): Map<string, string[]> {
  const union = unwrap(root === 'out' ? roots.cliOutputMessage : roots.clientInputMessage);
  const def = defOf(union);
  const members = def.type === 'union' ? (def.options as AnySchema[]) : [union];
  const types = new Map<string, string[]>();
  for (const member of members)
    for (const v of propValues(member, 'type') ?? []) if (!types.has(String(v))) types.set(String(v), []);
  for (const family of FAMILIES)
    for (const source of family.from) {
      if (source.root !== root) continue;
      const [head, ...rest] = parseRoute(source.at);
      if (rest.length > 0 || head?.kind !== 'variant' || head.key !== 'type') continue;
      for (const v of head.value.split('|')) {
        const names = types.get(v);
        if (names && !names.includes(family.name)) names.push(family.name);
      }
    }
  return types;
}
