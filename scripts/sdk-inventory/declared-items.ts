import type {
  ControlRequestItem,
  HookEventItem,
  JsonSchema,
  MessageDirection,
  MessageItem,
} from '../../src/sdk-inventory/inventory.js';
import { inventoryItemId } from '../../src/sdk-inventory/inventory.js';
import type { SdkDeclarations } from './declarations.js';
import type { RuntimeSubtypes } from './runtime-subtypes.js';
import { firstSentence, refName } from './schema-tidy.js';

/**
 * The items an SDK version's declarations name, with the generator's schemas (not yet tidied):
 * control requests, stdout and stdin messages, hook events, and the fields of `Options` (what
 * those become is found by running the SDK: option-probe.ts).
 */

/** What the CLI writes on stdout: the declared union. */
const STDOUT_UNION = 'StdoutMessage';
/** The declared union of the inner `request` of a control_request. */
const REQUEST_UNION = 'SDKControlRequestInner';
/**
 * What a client writes on the CLI's stdin, where the declarations have no union of it (as of 0.3.336
 * they have none): the declared types whose documentation says a client sends them (a prompt, a
 * control request or response, and the two that "either side may send").
 */
const STDIN_MEMBERS = [
  'SDKUserMessage',
  'SDKControlRequest',
  'SDKControlResponse',
  'SDKControlCancelRequest',
  'SDKKeepAliveMessage',
];
/** A declared union of what a client writes on stdin, should a version declare one. */
const STDIN_UNION = /^Stdin\w*$/;
/**
 * The answer a client gives to a request the CLI sends, where the SDK declares it: the result
 * type of the callback that answers it.
 */
const CLI_REQUEST_ANSWERS: Record<string, string> = {
  can_use_tool: 'PermissionResult',
  hook_callback: 'HookJSONOutput',
  elicitation: 'ElicitationResult',
  request_user_dialog: 'UserDialogResult',
};

/** The declared names the inventory needs schemas of. */
export function declarationRoots(declared: ReadonlySet<string>): string[] {
  return [
    STDOUT_UNION,
    REQUEST_UNION,
    'HookEvent',
    'HookInput',
    'Options',
    ...STDIN_MEMBERS,
    ...Object.values(CLI_REQUEST_ANSWERS),
    ...[...declared].filter((n) => /Request$|Response$|HookInput$/.test(n) || STDIN_UNION.test(n)).sort(),
  ];
}

export interface OptionField {
  field: string;
  schema: JsonSchema;
  summary?: string;
}

export interface DeclaredItems {
  controls: ControlRequestItem[];
  messages: MessageItem[];
  hooks: HookEventItem[];
  options: OptionField[];
  /** What the declarations did not say as expected (shown by the script). */
  warnings: string[];
}

type SchemaObject = { [keyword: string]: unknown };

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The string literals a schema allows (`const`, `enum`, a union of those), or undefined. */
function literals(schema: JsonSchema | undefined, decl: SdkDeclarations, depth = 0): string[] | undefined {
  if (schema === undefined || depth > 10) return undefined;
  const ref = refName(schema);
  if (ref !== undefined) return literals(decl.definitions[ref], decl, depth + 1);
  if (!isObject(schema)) return undefined;
  if (typeof schema.const === 'string') return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return schema.enum;
  if (Array.isArray(schema.anyOf)) {
    const all = schema.anyOf.map((b: JsonSchema) => literals(b, decl, depth + 1));
    return all.every((a) => a !== undefined) ? [...new Set(all.flat())] : undefined;
  }
  return undefined;
}

interface Member {
  name: string;
  schema: SchemaObject;
  description?: string;
}

/** The members of a union alias, nested unions of named members flattened. */
function unionMembers(
  name: string,
  decl: SdkDeclarations,
  warnings: string[],
  seen: Set<string> = new Set(),
): Member[] {
  if (seen.has(name)) return [];
  seen.add(name);
  const named = decl.unionOf(name);
  if (named !== undefined) {
    return named.flatMap((member) => {
      if (decl.names.has(member)) return unionMembers(member, decl, warnings, seen);
      warnings.push(`${name} names ${member}, which the declarations do not define; left out`);
      return [];
    });
  }
  const schema = decl.schemaOf(name);
  if (!isObject(schema)) return [];
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : undefined;
  if (branches === undefined || !branches.some((b) => refName(b) !== undefined)) {
    const description = typeof schema.description === 'string' ? schema.description : undefined;
    return [{ name, schema, ...(description ? { description } : {}) }];
  }
  return branches.flatMap((branch) => {
    const ref = refName(branch);
    if (ref !== undefined) return unionMembers(ref, decl, warnings, seen);
    return isObject(branch) ? [{ name, schema: branch }] : [];
  });
}

/** The object branches of a member whose declaration is a union of unnamed objects. */
function objectBranches(schema: SchemaObject): SchemaObject[] {
  if (isObject(schema.properties)) return [schema];
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return branches.filter(isObject).flatMap(objectBranches);
  return [];
}

function messageItems(
  members: readonly Member[],
  direction: MessageDirection,
  decl: SdkDeclarations,
  warnings: string[],
): MessageItem[] {
  const byId = new Map<string, { item: MessageItem; types: string[]; schemas: JsonSchema[] }>();
  for (const member of members) {
    const branches = objectBranches(member.schema);
    if (branches.length === 0) warnings.push(`${member.name}: not an object type; left out of the messages`);
    for (const branch of branches) {
      const props = branch.properties as Record<string, JsonSchema>;
      const types = literals(props.type, decl);
      if (types === undefined) {
        warnings.push(`${member.name}: its "type" is not a string literal; left out of the messages`);
        continue;
      }
      const subtypes =
        props.subtype === undefined ? [undefined] : (literals(props.subtype, decl) ?? [undefined]);
      for (const type of types) {
        for (const subtype of subtypes) {
          const narrowed: Record<string, JsonSchema> = { ...props };
          if (types.length > 1) narrowed.type = { type: 'string', const: type };
          if (subtype !== undefined && subtypes.length > 1)
            narrowed.subtype = { type: 'string', const: subtype };
          const schema = { ...branch, properties: narrowed };
          const item: MessageItem = {
            id: 'message:',
            kind: 'message',
            direction,
            type,
            ...(subtype === undefined ? {} : { subtype }),
            sdkType: member.name,
            schema,
          };
          item.id = inventoryItemId(item) as MessageItem['id'];
          const summary = firstSentence(member.description);
          const entry = byId.get(item.id);
          if (entry === undefined) {
            if (summary) item.summary = summary;
            byId.set(item.id, { item, types: [member.name], schemas: [schema] });
          } else {
            if (!entry.types.includes(member.name)) entry.types.push(member.name);
            entry.schemas.push(schema);
          }
        }
      }
    }
  }
  return [...byId.values()].map(({ item, types, schemas }) => ({
    ...item,
    sdkType: types.join(' | '),
    schema: schemas.length === 1 ? schemas[0]! : { anyOf: schemas },
  }));
}

function controlItems(
  decl: SdkDeclarations,
  runtime: RuntimeSubtypes,
  warnings: string[],
): ControlRequestItem[] {
  const candidates = [
    ...unionMembers(REQUEST_UNION, decl, warnings).map((m) => m.name),
    ...[...decl.names].filter((n) => /Request$/.test(n)).sort(),
  ];
  const bySubtype = new Map<string, ControlRequestItem>();
  for (const name of new Set(candidates)) {
    const schema = decl.schemaOf(name);
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    const subtypes = literals((schema.properties as Record<string, JsonSchema>).subtype, decl);
    if (subtypes === undefined || subtypes.length !== 1) continue;
    const subtype = subtypes[0]!;
    if (bySubtype.has(subtype)) {
      warnings.push(
        `${name}: subtype ${subtype} is declared by ${bySubtype.get(subtype)!.sdkType} too; kept that one`,
      );
      continue;
    }
    const direction = runtime.handled.has(subtype)
      ? runtime.sent.has(subtype)
        ? 'both'
        : 'cli-to-client'
      : 'client-to-cli';
    const responseName =
      [name.replace(/Request$/, 'Response')].find(
        (n) => decl.names.has(n) && decl.schemaOf(n) !== undefined,
      ) ?? (direction === 'client-to-cli' ? undefined : CLI_REQUEST_ANSWERS[subtype]);
    const response =
      responseName !== undefined && decl.schemaOf(responseName) !== undefined
        ? { sdkType: responseName, schema: decl.schemaOf(responseName)! }
        : undefined;
    const sentence = firstSentence(schema.description);
    const summary = [sentence, response ? undefined : 'No response type is declared.']
      .filter((s) => s !== undefined)
      .join(' ');
    bySubtype.set(subtype, {
      id: `control:${subtype}`,
      kind: 'control-request',
      subtype,
      direction,
      sdkType: name,
      request: schema,
      ...(response ? { response } : {}),
      ...(summary ? { summary } : {}),
    });
  }
  return [...bySubtype.values()];
}

function hookItems(decl: SdkDeclarations, warnings: string[]): HookEventItem[] {
  const events = literals(decl.schemaOf('HookEvent'), decl);
  if (events === undefined) {
    warnings.push('HookEvent: not a union of string literals; no hook events');
    return [];
  }
  const inputs = unionMembers('HookInput', decl, warnings);
  return events.map((event) => {
    const declared = `${event}HookInput`;
    let input: JsonSchema | undefined = decl.names.has(declared) ? decl.schemaOf(declared) : undefined;
    if (input === undefined) {
      input = inputs.find((m) =>
        objectBranches(m.schema).some(
          (b) =>
            literals((b.properties as Record<string, JsonSchema>).hook_event_name, decl)?.includes(event) ??
            false,
        ),
      )?.schema;
    }
    const summary = firstSentence(isObject(input) ? input.description : undefined);
    return {
      id: `hook:${event}`,
      kind: 'hook-event',
      event,
      ...(input === undefined ? {} : { input }),
      ...(summary ? { summary } : {}),
    } satisfies HookEventItem;
  });
}

function optionFields(decl: SdkDeclarations, warnings: string[]): OptionField[] {
  const options = decl.schemaOf('Options');
  if (!isObject(options) || !isObject(options.properties)) {
    warnings.push('Options: not an object type; no options');
    return [];
  }
  return Object.entries(options.properties as Record<string, JsonSchema>).map(([field, schema]) => {
    const summary = firstSentence(isObject(schema) ? schema.description : undefined);
    return { field, schema, ...(summary ? { summary } : {}) };
  });
}

export function declaredItems(decl: SdkDeclarations, runtime: RuntimeSubtypes): DeclaredItems {
  const warnings: string[] = [];
  const stdinUnion = [...decl.names].find((n) => STDIN_UNION.test(n));
  const stdin = stdinUnion
    ? unionMembers(stdinUnion, decl, warnings)
    : STDIN_MEMBERS.filter((n) => decl.names.has(n)).flatMap((n) => unionMembers(n, decl, warnings));
  return {
    controls: controlItems(decl, runtime, warnings),
    messages: [
      ...messageItems(unionMembers(STDOUT_UNION, decl, warnings), 'cli-to-client', decl, warnings),
      ...messageItems(stdin, 'client-to-cli', decl, warnings),
    ],
    hooks: hookItems(decl, warnings),
    options: optionFields(decl, warnings),
    warnings,
  };
}
