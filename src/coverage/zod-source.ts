/**
 * zod source text for an SDK-declared type: what `schemas:reconcile` writes into
 * `schemas/<version>/sdk-amendments.ts` for an item or field the kit's schemas did not type.
 * Objects are loose (the validator reports unknown keys itself); a type the SDK names once in its
 * definitions is written once, as a constant of the file, and referred to by name (recursion goes
 * through `z.lazy`).
 */
import { type Definitions, type JsonSchema, refName, sdkType } from './sdk-type.js';

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export class ZodSourcePrinter {
  /** Definition name → [constant name, its source], in an order that needs no forward reference. */
  private readonly emitted = new Map<string, { ident: string; source: string }>();
  private readonly onStack = new Set<string>();
  private readonly idents = new Set<string>();
  private readonly identOf = new Map<string, string>();

  constructor(
    private readonly definitions: Definitions,
    /** Prefix of the constants' names (one per SDK version, so two files never clash). */
    private readonly prefix = 'sdk_',
  ) {}

  /** The zod expression for `schema`; named types it uses are added to `constants()`. */
  expression(schema: JsonSchema): string {
    const name = refName(schema);
    if (name !== undefined) return this.reference(name);
    return this.inline(schema);
  }

  /** [constant, SDK type name] of every named type used so far, for the set's `named` list. */
  names(): Array<[string, string]> {
    return [...this.emitted.entries()].map(([name, { ident }]) => [ident, name]);
  }

  /** `const sdk_X: z.ZodType = …;` for every named type used so far, dependencies first. */
  constants(): string[] {
    return [...this.emitted.values()].map(({ ident, source }) => `const ${ident}: z.ZodType = ${source};`);
  }

  private reference(name: string): string {
    const done = this.emitted.get(name);
    if (done) return done.ident;
    const ident = this.identFor(name);
    if (this.onStack.has(name)) return `z.lazy(() => ${ident})`;
    this.onStack.add(name);
    const target = this.definitions[name];
    const source = target === undefined ? 'z.unknown()' : this.inline(target);
    this.onStack.delete(name);
    // A recursive type may have been emitted while its own body was printed.
    if (!this.emitted.has(name)) this.emitted.set(name, { ident, source });
    return ident;
  }

  private identFor(name: string): string {
    const known = this.identOf.get(name);
    if (known) return known;
    const base = `${this.prefix}${name.replace(/[^A-Za-z0-9_$]+/g, '_')}`;
    let ident = base;
    for (let i = 2; this.idents.has(ident); i += 1) ident = `${base}_${i}`;
    this.idents.add(ident);
    this.identOf.set(name, ident);
    return ident;
  }

  private inline(schema: JsonSchema): string {
    const t = sdkType(schema, this.definitions);
    switch (t.kind) {
      case 'unknown':
        return 'z.unknown()';
      case 'never':
        return 'z.never()';
      case 'null':
        return 'z.null()';
      case 'string':
        return 'z.string()';
      case 'number':
        return t.integer ? 'z.number().int()' : 'z.number()';
      case 'boolean':
        return 'z.boolean()';
      case 'literal':
        if (t.values.length > 1 && t.values.every((v) => typeof v === 'string'))
          return `z.enum(${JSON.stringify(t.values)})`;
        return `z.literal(${t.values.length === 1 ? JSON.stringify(t.values[0]) : JSON.stringify(t.values)})`;
      case 'array':
        return `z.array(${this.expression(t.element)})`;
      case 'tuple': {
        const elements = t.elements.map((e) => this.expression(e)).join(', ');
        return t.rest === undefined
          ? `z.tuple([${elements}])`
          : `z.tuple([${elements}], ${this.expression(t.rest)})`;
      }
      case 'union': {
        const members = t.members.map((m) => this.expression(m));
        const unique = [...new Set(members)];
        if (unique.length === 1) return unique[0]!;
        const nonNull = unique.filter((m) => m !== 'z.null()');
        if (nonNull.length === 1) return `${nonNull[0]}.nullable()`;
        return `z.union([${unique.join(', ')}])`;
      }
      case 'object': {
        if (t.properties.length === 0 && t.rest !== undefined)
          return `z.record(z.string(), ${this.expression(t.rest)})`;
        const fields = t.properties.map((p) => {
          const key = IDENT.test(p.key) ? p.key : JSON.stringify(p.key);
          const value = this.expression(p.type);
          return `${key}: ${p.required ? value : `${value}.optional()`}`;
        });
        return `z.looseObject({ ${fields.join(', ')} })`;
      }
    }
  }
}
