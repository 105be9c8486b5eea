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
import * as v2_1_150 from '../schemas/2.1.150/index.js';
import { packageInfo } from '../src/config/package-info.js';

export interface ArtefactSpec {
  /** File stem, e.g. `cli-output-message`. */
  name: string;
  /** Root type name in the .d.ts. */
  typeName: string;
  description: string;
  schema: z.ZodType;
}

/** The artefacts of one schema version: the two top-level unions, then one per message family. */
export function artefactSpecs(version = v2_1_150.CLI_VERSION): ArtefactSpec[] {
  if (version !== v2_1_150.CLI_VERSION) throw new Error(`no schemas pinned for ${version}`);
  const s = v2_1_150;
  const controlPayloads = z.looseObject(
    Object.fromEntries(
      Object.entries(s.controlResponsePayloads).map(([k, v]) => [k, (v as z.ZodType).optional()]),
    ),
  );
  return [
    {
      name: 'cli-output-message',
      typeName: 'CliOutputMessage',
      description: `Every line Claude Code CLI ${version} writes on stdout (stream-json).`,
      schema: s.cliOutputMessage,
    },
    {
      name: 'client-input-message',
      typeName: 'ClientInputMessage',
      description: `Every line a client writes on the stdin of Claude Code CLI ${version} (stream-json).`,
      schema: s.clientInputMessage,
    },
    {
      name: 'system',
      typeName: 'SystemMessage',
      description: '`type: "system"`, every subtype.',
      schema: s.systemMessage,
    },
    {
      name: 'assistant',
      typeName: 'AssistantMessage',
      description: '`type: "assistant"`.',
      schema: s.assistantMessage,
    },
    {
      name: 'user',
      typeName: 'UserMessage',
      description: '`type: "user"` as the CLI writes it.',
      schema: s.userMessage,
    },
    {
      name: 'client-user',
      typeName: 'ClientUserMessage',
      description: '`type: "user"` as a client writes it (a prompt).',
      schema: s.clientUserMessage,
    },
    {
      name: 'result',
      typeName: 'ResultMessage',
      description: '`type: "result"`, success and errors.',
      schema: s.resultMessage,
    },
    {
      name: 'stream-event',
      typeName: 'StreamEventMessage',
      description: '`type: "stream_event"` (with --include-partial-messages).',
      schema: s.streamEventMessage,
    },
    {
      name: 'rate-limit',
      typeName: 'RateLimitEvent',
      description: '`type: "rate_limit_event"`.',
      schema: s.rateLimitEvent,
    },
    { name: 'keep-alive', typeName: 'KeepAlive', description: '`type: "keep_alive"`.', schema: s.keepAlive },
    {
      name: 'control-request-from-cli',
      typeName: 'CliControlRequest',
      description: 'A control_request the CLI writes (the client must answer it).',
      schema: s.cliControlRequest,
    },
    {
      name: 'control-request-from-client',
      typeName: 'ClientControlRequest',
      description: 'A control_request a client writes (the CLI answers it).',
      schema: s.clientControlRequest,
    },
    {
      name: 'control-response',
      typeName: 'ControlResponse',
      description: 'A control_response, either direction.',
      schema: s.controlResponse,
    },
    {
      name: 'control-response-payloads',
      typeName: 'ControlResponsePayloads',
      description: 'Success payload (`response.response`) per request subtype, keyed by subtype.',
      schema: controlPayloads,
    },
    {
      name: 'permission-decision',
      typeName: 'PermissionDecision',
      description:
        "The client's answer to can_use_tool: allow (updatedInput required) or deny (message required).",
      schema: s.permissionDecision,
    },
    {
      name: 'ask-user-question',
      typeName: 'AskUserQuestionAnswer',
      description: "AskUserQuestion's updatedInput with the user's answers (question text -> label).",
      schema: s.askUserQuestionAnswer,
    },
    {
      name: 'hook-input',
      typeName: 'HookInput',
      description: 'hook_callback.input, every hook event.',
      schema: s.hookInputSchema,
    },
    {
      name: 'mcp',
      typeName: 'JsonRpcMessage',
      description: 'MCP JSON-RPC carried in mcp_message.',
      schema: s.jsonRpcMessage,
    },
  ];
}

/**
 * Names for shared sub-schemas: they become `$defs` entries (and named types in the .d.ts)
 * instead of being inlined at every use. A local registry, so versions never clash on ids.
 */
function namedDefinitions(): z.core.$ZodRegistry<{ id: string }> {
  const s = v2_1_150;
  const registry = z.registry<{ id: string }>();
  const names: Array<[z.ZodType, string]> = [
    [s.permissionUpdate, 'PermissionUpdate'],
    [s.permissionMode, 'PermissionMode'],
    [s.apiUsage, 'ApiUsage'],
    [s.modelUsage, 'ModelUsage'],
    [s.messageOrigin, 'MessageOrigin'],
    [s.anthropicMessage, 'AnthropicMessage'],
    [s.assistantContentBlock, 'AssistantContentBlock'],
    [s.userContentBlock, 'UserContentBlock'],
    [s.userMessageParam, 'UserMessageParam'],
    [s.toolResultContentBlock, 'ToolResultContentBlock'],
    [s.textBlock, 'TextBlock'],
    [s.rawStreamEvent, 'RawStreamEvent'],
    [s.hookInputSchema, 'HookInput'],
    [s.jsonRpcMessage, 'JsonRpcMessage'],
    [s.cliControlRequest, 'CliControlRequest'],
    [s.cliControlRequestInner, 'CliControlRequestInner'],
    [s.clientControlRequestInner, 'ClientControlRequestInner'],
    [s.permissionDecision, 'PermissionDecision'],
    [s.mcpServerStatus, 'McpServerStatus'],
    [s.systemMessage, 'SystemMessage'],
    [s.resultMessage, 'ResultMessage'],
  ];
  for (const [schema, id] of names) registry.add(schema, { id });
  return registry;
}

/** The JSON Schema of one artefact (draft 2020-12, unknown keys allowed everywhere). */
export function jsonSchemaOf(spec: ArtefactSpec): Record<string, unknown> {
  const generated = z.toJSONSchema(spec.schema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    cycles: 'ref',
    metadata: namedDefinitions(),
  });
  const { $schema, ...rest } = generated as Record<string, unknown>;
  return { $schema, title: spec.typeName, description: spec.description, ...rest };
}

/** Every artefact file of a version, in memory: file name → contents. */
export async function generateSchemaArtefacts(version = v2_1_150.CLI_VERSION): Promise<Map<string, string>> {
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

export function generatedDir(version = v2_1_150.CLI_VERSION): string {
  return join(packageInfo().root, 'schemas', version, 'generated');
}

/** Regenerates the folder: removes stale files, writes every artefact. */
export async function writeSchemaArtefacts(version = v2_1_150.CLI_VERSION): Promise<string[]> {
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
  const written = await writeSchemaArtefacts();
  process.stdout.write(`wrote ${written.length} files to ${generatedDir()}\n`);
}
