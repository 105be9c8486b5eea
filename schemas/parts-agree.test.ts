/**
 * For every pinned version, each committed per-family artefact (`generated/<family>.schema.json`)
 * says what the committed unions say of the same members: the family's selection (FAMILIES in
 * `schemas/parts.ts`) is read here on the JSON Schema files themselves, not on the zod trees the
 * generator walks, so a family built from anything but its union's members fails.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDir, jsonSchemaOf } from '../scripts/generate-schemas.js';
import { parseRoute, type RouteSegment } from './amend.js';
import { FAMILIES, type Family, type FamilyRoot } from './parts.js';
import { pinnedVersions, schemaSetFor } from './registry.js';

type Json = Record<string, unknown>;
/** A JSON Schema node inside the document whose `$defs` its `$ref`s point into. */
interface At {
  doc: Json;
  node: Json;
}

const isJson = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

function defName(node: Json): string | undefined {
  const ref = node.$ref;
  if (typeof ref !== 'string') return undefined;
  const m = /^#\/\$defs\/(.+)$/.exec(ref);
  if (!m) throw new Error(`unexpected $ref ${ref}`);
  return m[1];
}

function deref({ doc, node }: At): Json {
  let current = node;
  for (let name = defName(current); name !== undefined; name = defName(current)) {
    const target = (doc.$defs as Json | undefined)?.[name];
    if (!isJson(target)) throw new Error(`dangling $ref ${name}`);
    current = target;
  }
  return current;
}

const unionOf = (node: Json): unknown[] | undefined =>
  Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;

/** The members of a union node as written (a `$ref` stays a `$ref`); a non-union is its own member. */
function members(at: At): At[] {
  const options = unionOf(deref(at));
  return options ? options.filter(isJson).map((node) => ({ doc: at.doc, node })) : [at];
}

/** The non-union schemas a node accepts with, nested unions flattened. */
function leaves(at: At): At[] {
  const node = deref(at);
  return unionOf(node) ? members(at).flatMap(leaves) : [{ doc: at.doc, node }];
}

/** `node` with every `$ref` replaced by its definition. */
function inline(at: At, stack: readonly string[] = []): unknown {
  const name = defName(at.node);
  if (name !== undefined) {
    if (stack.includes(name)) throw new Error(`recursive $ref ${name}`);
    return inline({ doc: at.doc, node: deref(at) }, [...stack, name]);
  }
  const walk = (x: unknown): unknown =>
    Array.isArray(x) ? x.map(walk) : isJson(x) ? inline({ doc: at.doc, node: x }, stack) : x;
  return Object.fromEntries(Object.entries(at.node).map(([k, v]) => [k, walk(v)]));
}

/** Names of every `$defs` entry the node uses, through other entries too. */
function namesUsed(at: At, seen = new Set<string>()): Set<string> {
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (isJson(x)) {
      const name = defName(x);
      if (name !== undefined && !seen.has(name)) {
        seen.add(name);
        visit(deref({ doc: at.doc, node: x }));
      }
      for (const v of Object.values(x)) visit(v);
    }
  };
  visit(at.node);
  return seen;
}

function takes(property: unknown, wanted: ReadonlySet<string>): boolean {
  if (!isJson(property)) return false;
  if ('const' in property) return wanted.has(String(property.const));
  return Array.isArray(property.enum) && property.enum.some((v) => wanted.has(String(v)));
}

/** A route step on JSON Schema: at a union, every member one of whose schemas takes the value. */
function step(at: At, seg: RouteSegment): At[] {
  const child = (node: unknown): At[] => (isJson(node) ? [{ doc: at.doc, node }] : []);
  const props = (leaf: At) => (isJson(leaf.node.properties) ? leaf.node.properties : {});
  switch (seg.kind) {
    case 'field':
      return leaves(at).flatMap((leaf) => child(props(leaf)[seg.key]));
    case 'element':
      return leaves(at).flatMap((leaf) => child(leaf.node.items));
    case 'value':
      return leaves(at).flatMap((leaf) => child(leaf.node.additionalProperties));
    case 'member':
      return unionOf(deref(at)) ? members(at).slice(seg.index, seg.index + 1) : [];
    case 'variant': {
      const wanted = new Set(seg.value.split('|'));
      return members(at).filter((m) => leaves(m).some((leaf) => takes(props(leaf)[seg.key], wanted)));
    }
  }
}

/** What a family is as its artefact must say it: its non-union schemas (refs inlined), and names. */
interface Shape {
  leaves: unknown[];
  names: string[];
}

const canonical = (x: unknown) => JSON.stringify(x);

function normalise(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalise);
  if (!isJson(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === 'required' && Array.isArray(v) ? [...v].sort() : normalise(v),
    ]),
  );
}

function shapeOf(found: readonly At[], require: readonly string[] = []): Shape {
  const distinct = new Map<string, unknown>();
  for (const leaf of found.flatMap(leaves)) {
    const schema = inline(leaf) as Json;
    const props = isJson(schema.properties) ? schema.properties : {};
    const extra = require.filter((k) => k in props);
    const required = Array.isArray(schema.required) ? schema.required : [];
    const withRequired = extra.length
      ? { ...schema, required: [...new Set([...required, ...extra])] }
      : schema;
    const value = normalise(withRequired);
    distinct.set(canonical(value), value);
  }
  const names = new Set<string>();
  for (const at of found) for (const name of namesUsed(at)) names.add(name);
  return { leaves: [...distinct.values()], names: [...names].sort() };
}

/** A generated document without what the generator adds at its top (`$schema`, title, `$defs`). */
function body(doc: Json): Json {
  const { $schema: _s, title: _t, description: _d, $defs: _defs, ...root } = doc;
  return root;
}

async function readJson(dir: string, name: string): Promise<Json | undefined> {
  const text = await readFile(join(dir, `${name}.schema.json`), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as Json);
}

describe.each(pinnedVersions())('schemas/%s/generated/ families', (version) => {
  const dir = generatedDir(version);
  const set = schemaSetFor(version).set;

  /** A family's root in the committed union artefacts (a tool answer is published in none). */
  async function rootAt(root: FamilyRoot): Promise<At | undefined> {
    if (root === 'out' || root === 'in') {
      const doc = await readJson(dir, root === 'out' ? 'cli-output-message' : 'client-input-message');
      if (!doc) throw new Error(`${dir}: no union artefact for ${root}`);
      return { doc, node: doc };
    }
    const [kind, name = ''] = root.split(':') as [string, string | undefined];
    if (kind === 'payload') {
      const doc = await readJson(dir, 'control-response-payloads');
      const node = isJson(doc?.properties) ? doc.properties[name] : undefined;
      return doc && isJson(node) ? { doc, node } : undefined;
    }
    const schema = set.toolAnswers[name];
    if (!schema) return undefined;
    const doc = jsonSchemaOf({ name, typeName: name, description: '', schema, named: set.named ?? [] });
    return { doc, node: body(doc) };
  }

  async function expected(family: Family): Promise<At[]> {
    const found: At[] = [];
    for (const source of family.from) {
      const root = await rootAt(source.root);
      if (!root) continue;
      let nodes = [root];
      for (const seg of parseRoute(source.at)) nodes = nodes.flatMap((n) => step(n, seg));
      found.push(...nodes);
    }
    return found;
  }

  it.each(FAMILIES.map((f) => [f.name, f] as const))(
    '%s.schema.json has exactly the members its unions have there, named alike',
    async (_name, family) => {
      const found = await expected(family);
      const doc = await readJson(dir, family.name);
      if (found.length === 0) {
        expect(doc, `${family.name}: the unions have no member for it`).toBeUndefined();
        return;
      }
      expect(doc, `${family.name}.schema.json is missing`).toBeDefined();
      const published = shapeOf([{ doc: doc!, node: body(doc!) }]);
      const want = shapeOf(found, family.require);
      expect(published.leaves.length, `${family.name}: number of members`).toBe(want.leaves.length);
      expect(published.leaves).toEqual(want.leaves);
      expect(published.names, `${family.name}: $defs names`).toEqual(want.names);
    },
  );
});
