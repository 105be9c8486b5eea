/**
 * Writes the language-neutral artefacts of the pinned schemas:
 *   schemas/<version>/generated/<name>.schema.json   (zod 4 `z.toJSONSchema`, draft 2020-12)
 *   schemas/<version>/generated/<name>.d.ts          (json-schema-to-typescript)
 * Output is deterministic; `schemas/<version>/generated.test.ts` regenerates it in memory and
 * fails when the committed files are stale.
 *
 * Run: `npm run build && node dist/scripts/generate-schemas.js` (npm script `schemas:generate`).
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { z } from 'zod';
import { pinnedVersions, schemaSetFor } from '../schemas/registry.js';
import type { SchemaSet } from '../schemas/schema-set.js';
import { packageInfo } from '../src/config/package-info.js';

export interface ArtefactSpec {
  /** File stem, e.g. `cli-output-message`. */
  name: string;
  /** Root type name in the .d.ts. */
  typeName: string;
  description: string;
  schema: z.ZodType;
  /** Names of shared sub-schemas (`$defs`). */
  named: ReadonlyArray<readonly [z.ZodType, string]>;
}

/** Type name and description of each part a schema set publishes (`SchemaSet.parts`). */
const PARTS: ReadonlyArray<readonly [name: string, typeName: string, description: string]> = [
  ['system', 'SystemMessage', '`type: "system"`, every subtype.'],
  ['assistant', 'AssistantMessage', '`type: "assistant"`.'],
  ['user', 'UserMessage', '`type: "user"` as the CLI writes it.'],
  ['client-user', 'ClientUserMessage', '`type: "user"` as a client writes it (a prompt).'],
  ['result', 'ResultMessage', '`type: "result"`, success and errors.'],
  ['stream-event', 'StreamEventMessage', '`type: "stream_event"` (with --include-partial-messages).'],
  ['rate-limit', 'RateLimitEvent', '`type: "rate_limit_event"`.'],
  ['keep-alive', 'KeepAlive', '`type: "keep_alive"`.'],
  [
    'control-request-from-cli',
    'CliControlRequest',
    'A control_request the CLI writes (the client must answer it).',
  ],
  [
    'control-request-from-client',
    'ClientControlRequest',
    'A control_request a client writes (the CLI answers it).',
  ],
  ['control-response', 'ControlResponse', 'A control_response, either direction.'],
  [
    'permission-decision',
    'PermissionDecision',
    "The client's answer to can_use_tool: allow (updatedInput required) or deny (message required).",
  ],
  [
    'ask-user-question',
    'AskUserQuestionAnswer',
    "AskUserQuestion's updatedInput with the user's answers (question text -> label).",
  ],
  ['hook-input', 'HookInput', 'hook_callback.input, every hook event.'],
  ['mcp', 'JsonRpcMessage', 'MCP JSON-RPC carried in mcp_message.'],
];

function pinnedSet(version: string): SchemaSet {
  const selection = schemaSetFor(version);
  if (!selection.exact)
    throw new Error(`no schemas pinned for ${version} (pinned: ${pinnedVersions().join(', ')})`);
  return selection.set;
}

/** The artefacts of one schema version: the two top-level unions, then one per message family. */
export function artefactSpecs(version = packageInfo().pinned): ArtefactSpec[] {
  const s = pinnedSet(version);
  const named = s.named ?? [];
  const controlPayloads = z.looseObject(
    Object.fromEntries(
      Object.entries(s.controlResponsePayloads).map(([k, v]) => [k, (v as z.ZodType).optional()]),
    ),
  );
  const specs: ArtefactSpec[] = [
    {
      name: 'cli-output-message',
      typeName: 'CliOutputMessage',
      description: `Every line Claude Code CLI ${version} writes on stdout (stream-json).`,
      schema: s.cliOutputMessage,
      named,
    },
    {
      name: 'client-input-message',
      typeName: 'ClientInputMessage',
      description: `Every line a client writes on the stdin of Claude Code CLI ${version} (stream-json).`,
      schema: s.clientInputMessage,
      named,
    },
  ];
  for (const [name, typeName, description] of PARTS) {
    const schema = s.parts?.[name];
    if (!schema) continue;
    specs.push({ name, typeName, description, schema, named });
    if (name === 'control-response') {
      specs.push({
        name: 'control-response-payloads',
        typeName: 'ControlResponsePayloads',
        description: 'Success payload (`response.response`) per request subtype, keyed by subtype.',
        schema: controlPayloads,
        named,
      });
    }
  }
  return specs;
}

/**
 * Names for shared sub-schemas: they become `$defs` entries (and named types in the .d.ts)
 * instead of being inlined at every use. A local registry, so versions never clash on ids.
 */
function namedDefinitions(named: ArtefactSpec['named']): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>();
  const taken = new Set<string>();
  for (const [schema, id] of named) {
    if (taken.has(id) || registry.has(schema)) continue;
    taken.add(id);
    registry.add(schema, { id });
  }
  return registry;
}

/** The JSON Schema of one artefact (draft 2020-12, unknown keys allowed everywhere). */
export function jsonSchemaOf(spec: ArtefactSpec): Record<string, unknown> {
  const generated = z.toJSONSchema(spec.schema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    cycles: 'ref',
    metadata: namedDefinitions(spec.named),
  });
  const { $schema, ...rest } = generated as Record<string, unknown>;
  return { $schema, title: spec.typeName, description: spec.description, ...rest };
}

/** Every artefact file of a version, in memory: file name → contents. */
export async function generateSchemaArtefacts(version = packageInfo().pinned): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const spec of artefactSpecs(version)) {
    const schema = jsonSchemaOf(spec);
    files.set(`${spec.name}.schema.json`, `${JSON.stringify(schema, null, 2)}\n`);
    const ts = await compile(schema as JSONSchema, spec.typeName, {
      bannerComment: `/* Generated by scripts/generate-schemas.ts from schemas/${version}/ (Claude Code CLI ${version}). Do not edit: run \`npm run schemas:generate\`. */`,
      additionalProperties: true,
      format: true,
      unknownAny: true,
      strictIndexSignatures: false,
      declareExternallyReferenced: true,
    });
    files.set(`${spec.name}.d.ts`, ts);
  }
  return files;
}

export function generatedDir(version = packageInfo().pinned): string {
  return join(packageInfo().root, 'schemas', version, 'generated');
}

/** Regenerates the folder: removes stale files, writes every artefact. */
export async function writeSchemaArtefacts(version = packageInfo().pinned): Promise<string[]> {
  const dir = generatedDir(version);
  const files = await generateSchemaArtefacts(version);
  await mkdir(dir, { recursive: true });
  for (const existing of await readdir(dir)) {
    if (!files.has(existing)) await rm(join(dir, existing));
  }
  for (const [name, contents] of files) await writeFile(join(dir, name), contents);
  return [...files.keys()].map((name) => join(dir, name));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Every pinned version, or the ones named: `node dist/scripts/generate-schemas.js [version…]`.
  const versions = process.argv.length > 2 ? process.argv.slice(2) : pinnedVersions();
  for (const version of versions) {
    const written = await writeSchemaArtefacts(version);
    process.stdout.write(`wrote ${written.length} files to ${generatedDir(version)}\n`);
  }
}
