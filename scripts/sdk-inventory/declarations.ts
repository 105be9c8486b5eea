import * as TJS from 'typescript-json-schema';
import type { JsonSchema } from '../../src/sdk-inventory/inventory.js';
import { refName } from './schema-tidy.js';

/**
 * The SDK's declarations (`sdk.d.ts`) as JSON Schemas, through typescript-json-schema: one
 * generation for every root the inventory needs, so that the definitions share one namespace.
 * Type aliases are referenced by name (`aliasRef`), which keeps unions as lists of named members.
 */
export interface SdkDeclarations {
  /** Every type alias, interface and class declared in the file. */
  names: ReadonlySet<string>;
  /** The generated definitions, by the generator's names; descriptions still in. */
  definitions: Readonly<Record<string, JsonSchema>>;
  /** The definition of a declared name, following `$ref`s; undefined when it was not generated. */
  schemaOf(name: string): JsonSchema | undefined;
  /**
   * The member names of a type alias declared as a union of named types (`A | ns.B | C`), as
   * written; undefined for anything else. Read from the declaration itself: a member the file does
   * not define (0.3.150's StdoutMessage names three) makes the checker's union `any`.
   */
  unionOf(name: string): string[] | undefined;
}

const SETTINGS: TJS.PartialArgs = {
  required: true,
  ignoreErrors: true,
  strictNullChecks: true,
  aliasRef: true,
};

/**
 * Generates the schemas of the declared names `roots(declared)` selects from `dts` (names not
 * declared are skipped).
 */
export function readSdkDeclarations(
  dts: string,
  roots: (declared: ReadonlySet<string>) => readonly string[],
): SdkDeclarations {
  const program = TJS.getProgramFromFiles([dts], { strictNullChecks: true, skipLibCheck: true });
  const file = program.getSourceFile(dts)?.fileName;
  if (file === undefined) throw new Error(`${dts}: not read by the TypeScript program`);
  const generator = TJS.buildGenerator(program, SETTINGS, [file]);
  if (generator === null) throw new Error(`${dts}: typescript-json-schema could not read it`);
  keepStringIndexValues(generator, program.getTypeChecker());
  const names = new Set(generator.getUserSymbols());
  const unions = unionAliases(program.getSourceFile(file)!);
  const unionOf = (name: string) => unions.get(name);
  // The members of a union root are roots too: an item's schema is its member's own definition.
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name) || !names.has(name)) return;
    wanted.add(name);
    for (const member of unionOf(name) ?? []) add(member);
  };
  for (const name of roots(names)) add(name);
  const root = generator.getSchemaForSymbols([...wanted]);
  const definitions = (root.definitions ?? {}) as Record<string, JsonSchema>;
  return {
    names,
    definitions,
    unionOf,
    schemaOf(name) {
      let schema = definitions[name];
      for (let hops = 0; schema !== undefined && hops < 20; hops += 1) {
        const target = refName(schema);
        if (target === undefined) return schema;
        schema = definitions[target];
      }
      return schema;
    },
  };
}

/** Type aliases declared as a union of type references, with the referenced names. */
function unionAliases(file: TJS.ts.SourceFile): Map<string, string[]> {
  const ts = TJS.ts;
  const out = new Map<string, string[]>();
  const visit = (node: TJS.ts.Node): void => {
    if (ts.isTypeAliasDeclaration(node)) {
      let type = node.type;
      while (ts.isParenthesizedTypeNode(type)) type = type.type;
      if (
        ts.isUnionTypeNode(type) &&
        type.types.every((t) => ts.isTypeReferenceNode(t) && !t.typeArguments)
      ) {
        out.set(
          node.name.text,
          type.types.map((t) => {
            const name = (t as TJS.ts.TypeReferenceNode).typeName;
            return ts.isIdentifier(name) ? name.text : name.right.text;
          }),
        );
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The generator's internals this module completes. */
interface GeneratorInternals {
  getClassDefinition(type: TJS.ts.Type, definition: TJS.Definition): TJS.Definition;
  getTypeDefinition(type: TJS.ts.Type, asRef?: boolean, unionModifier?: string): TJS.Definition;
}

/**
 * typescript-json-schema reads an object type's string index from an index signature written in
 * the declaration; a mapped type such as `Record<string, AgentDefinition>` has none, so its value
 * type was lost (`{"type": "object"}`). This gives such types `additionalProperties` from the
 * checker's index info.
 */
function keepStringIndexValues(generator: TJS.JsonSchemaGenerator, checker: TJS.ts.TypeChecker): void {
  const internals = generator as unknown as GeneratorInternals;
  const classDefinition = internals.getClassDefinition.bind(generator);
  internals.getClassDefinition = (type, definition) => {
    const out = classDefinition(type, definition);
    if (
      out.type === 'object' &&
      out.additionalProperties === undefined &&
      out.patternProperties === undefined
    ) {
      const index = checker.getIndexInfoOfType(type, TJS.ts.IndexKind.String);
      if (index !== undefined)
        out.additionalProperties = internals.getTypeDefinition(index.type, undefined, 'anyOf');
    }
    return out;
  };
}
