/**
 * The few questions the SDK agreement asks of a kit schema node: its kind under the wrappers,
 * whether it takes `undefined` or `null`, the literal values it takes, and which union members
 * carry a discriminator value.
 */
import type { z } from 'zod';
import { defOf, innerOf, optinOf, unwrap } from '../../schemas/zod-walk.js';

export type ZodNode = z.ZodType;

/** The node's kind under optional/nullable/default/readonly/lazy/pipe. */
export function coreKind(node: ZodNode): string {
  return defOf(unwrap(node)).type;
}

/** Whether the node (wrappers, lazies and pipes included) takes `null`. */
export function takesNull(node: ZodNode, depth = 0): boolean {
  const def = defOf(node);
  switch (def.type) {
    case 'nullable':
    case 'null':
    case 'unknown':
    case 'any':
      return true;
    case 'literal':
      return (def.values as unknown[]).includes(null);
    case 'union':
      return depth < 16 && (def.options as ZodNode[]).some((o) => takesNull(o, depth + 1));
    default: {
      const inner = innerOf(node);
      return inner !== undefined && depth < 16 && takesNull(inner as ZodNode, depth + 1);
    }
  }
}

/** Whether an object field may be left out. */
export function isOptionalField(node: ZodNode): boolean {
  return optinOf(node) === 'optional';
}

/** The values a literal or enum node takes (undefined for any other kind). */
export function literalValues(node: ZodNode): unknown[] | undefined {
  const def = defOf(unwrap(node));
  if (def.type === 'literal') return def.values as unknown[];
  if (def.type === 'enum') return Object.values(def.entries as Record<string, unknown>);
  return undefined;
}

/** The values of discriminator `key` that a node takes (objects, and unions of them, nested). */
export function tagValues(node: ZodNode, key: string, depth = 0): Set<unknown> {
  const core = unwrap(node);
  const def = defOf(core);
  if (def.type === 'object') {
    const field = (def.shape as Record<string, ZodNode>)[key];
    return new Set(field ? (literalValues(field) ?? []) : []);
  }
  if (def.type === 'union' && depth < 8) {
    const out = new Set<unknown>();
    for (const o of def.options as ZodNode[]) for (const v of tagValues(o, key, depth + 1)) out.add(v);
    return out;
  }
  return new Set();
}

export function unionOptions(node: ZodNode): ZodNode[] {
  const def = defOf(unwrap(node));
  return def.type === 'union' ? (def.options as ZodNode[]) : [];
}

export function objectShape(node: ZodNode): Record<string, ZodNode> | undefined {
  const def = defOf(unwrap(node));
  return def.type === 'object' ? (def.shape as Record<string, ZodNode>) : undefined;
}

export function arrayElement(node: ZodNode): ZodNode | undefined {
  const def = defOf(unwrap(node));
  return def.type === 'array' ? (def.element as ZodNode) : undefined;
}

export function recordValue(node: ZodNode): ZodNode | undefined {
  const def = defOf(unwrap(node));
  return def.type === 'record' ? (def.valueType as ZodNode) : undefined;
}
