import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { JsonSchema } from '../../src/sdk-inventory/inventory.js';
import { refName } from './schema-tidy.js';

/**
 * Sample values for the fields of the SDK's `Options`, built from each field's declared type, so
 * that running `query()` with one shows what the field becomes on the CLI's command line, in its
 * `initialize` request and in its environment. A value of every branch of a union, every member of
 * an enum and both booleans are tried (a default value shows nothing). Callbacks, MCP server
 * configurations, hooks and paths cannot be built from the type: {@link HAND_PICKED} has them.
 */

export interface OptionSamples {
  /** The values to try, each in a run of its own. */
  samples: unknown[];
  /** Other options each run needs (the comparison run has them too). */
  with?: Record<string, unknown>;
  /** Flags of the command line that only echo a sample's own content; not reported. */
  hideFlags?: string[];
  /** Environment variables that only echo a sample's own content; not reported. */
  hideEnv?: string[];
  note?: string;
}

/** A field the probe cannot run: why. */
export interface Unprobeable {
  reason: string;
}

/** What the hand-picked samples need of the SDK and the machine. */
export interface SampleContext {
  /** A folder the probe owns (exists; removed afterwards). */
  dir: string;
  /** The SDK module under probe (for `createSdkMcpServer`). */
  sdk: Record<string, unknown>;
}

const SESSION = '5f0c2d64-8a1e-4b7f-9c3d-2e6a1b0f4c85';
const MESSAGE = '9d3b7a15-0e2c-4f68-a1d4-7c5e8b2f6a09';
const MAX_SAMPLES = 12;

const noop = async () => ({});
const STDIO_SERVER = { type: 'stdio', command: process.execPath, args: ['--version'] };
const SESSION_STORE = { append: async () => {}, load: async () => null };

/** Samples for the fields whose declared type is a callback, a live object or a path. */
export const HAND_PICKED: Record<string, (ctx: SampleContext) => OptionSamples | Unprobeable> = {
  pathToClaudeCodeExecutable: () => ({
    reason: 'the probe itself sets it, to the stub that records the run',
  }),
  executable: () => ({
    reason: "bun and deno are not installed where the inventory is extracted; 'node' is the default",
  }),
  abortController: () => ({ samples: [new AbortController()] }),
  canUseTool: () => ({ samples: [async () => ({ behavior: 'deny', message: 'probe' })] }),
  onElicitation: () => ({ samples: [async () => ({ action: 'decline' })] }),
  onUserDialog: () => ({ samples: [async () => ({ behavior: 'cancel' })] }),
  stderr: () => ({ samples: [() => {}] }),
  supportedDialogKinds: () => ({
    samples: [['clide-probe']],
    with: { onUserDialog: async () => ({ behavior: 'cancel' }) },
  }),
  mcpServersDelivery: () => ({
    samples: ['argv', 'initialize'],
    with: { mcpServers: { probe_stdio: STDIO_SERVER } },
  }),
  pluginDelivery: (ctx) => ({
    samples: ['argv', 'initialize'],
    with: { plugins: [{ type: 'local', path: ctx.dir }] },
  }),
  sessionStoreFlush: () => ({ samples: ['batched', 'eager'], with: { sessionStore: SESSION_STORE } }),
  hooks: () => ({ samples: [{ PreToolUse: [{ matcher: 'Bash', hooks: [noop] }] }] }),
  mcpServers: (ctx) => {
    const createSdkMcpServer = ctx.sdk.createSdkMcpServer as ((o: { name: string }) => unknown) | undefined;
    return {
      samples: [
        { probe_stdio: STDIO_SERVER },
        { probe_http: { type: 'http', url: 'http://127.0.0.1:9/mcp' } },
        ...(createSdkMcpServer ? [{ probe_sdk: createSdkMcpServer({ name: 'probe_sdk' }) }] : []),
      ],
    };
  },
  spawnClaudeCodeProcess: () => ({
    samples: [
      (o: { command: string; args: string[]; cwd?: string; env: NodeJS.ProcessEnv; signal?: AbortSignal }) =>
        spawn(o.command, o.args, {
          cwd: o.cwd,
          env: o.env,
          stdio: ['pipe', 'pipe', 'pipe'],
          ...(o.signal ? { signal: o.signal } : {}),
        }),
    ],
  }),
  sessionStore: () => ({ samples: [SESSION_STORE] }),
  cwd: (ctx) => ({ samples: [ctx.dir] }),
  additionalDirectories: (ctx) => ({ samples: [[ctx.dir]] }),
  debugFile: (ctx) => ({ samples: [join(ctx.dir, 'debug.log')] }),
  plugins: (ctx) => ({ samples: [[{ type: 'local', path: ctx.dir }]] }),
  projectConfigRoot: (ctx) => ({ samples: [ctx.dir] }),
  resume: () => ({ samples: [SESSION] }),
  sessionId: () => ({ samples: [SESSION] }),
  resumeSessionAt: () => ({ samples: [MESSAGE], with: { resume: SESSION } }),
  resumeDropsTurn: () => ({ samples: [MESSAGE], with: { resume: SESSION } }),
  forkSession: () => ({ samples: [true], with: { resume: SESSION } }),
  env: () => ({
    samples: [{ PATH: process.env.PATH ?? '', CLIDE_PROBE_ENV: 'probe' }],
    note: "the CLI gets this environment (and what the SDK adds) instead of the parent process's",
    hideEnv: ['CLIDE_PROBE_ENV'],
  }),
  extraArgs: () => ({
    samples: [{ 'clide-probe-flag': null, 'clide-probe-value': 'probe' }],
    hideFlags: ['--clide-probe-flag', '--clide-probe-value'],
    note: 'each entry becomes a flag of its own: --<key> <value>, or --<key> for a null value',
  }),
  executableArgs: () => ({ samples: [['--no-warnings']] }),
  permissionPromptToolName: () => ({ samples: ['mcp__probe__prompt'] }),
  settings: (ctx) => ({ samples: [{ model: 'probe-model' }, join(ctx.dir, 'settings.json')] }),
  managedSettings: () => ({ samples: [{ model: 'probe-model' }] }),
  outputFormat: () => ({ samples: [{ type: 'json_schema', schema: { type: 'object' } }] }),
};

function resolve(schema: JsonSchema, definitions: Readonly<Record<string, JsonSchema>>): JsonSchema {
  for (let hops = 0; hops < 20; hops += 1) {
    const name = refName(schema);
    if (name === undefined) return schema;
    schema = definitions[name] ?? {};
  }
  return schema;
}

/** Values of the declared type; empty when none can be built from the type alone. */
export function samplesOf(
  schema: JsonSchema,
  definitions: Readonly<Record<string, JsonSchema>>,
  depth = 0,
): unknown[] {
  const s = resolve(schema, definitions);
  if (typeof s === 'boolean' || depth > 6) return s ? ['clide-probe'] : [];
  if ('const' in s) return [s.const];
  if (Array.isArray(s.enum)) return s.enum.slice(0, MAX_SAMPLES);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches)) {
      const out = branches.flatMap((b: JsonSchema) => samplesOf(b, definitions, depth + 1).slice(0, 3));
      return out.slice(0, MAX_SAMPLES);
    }
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length > 1) {
    return types.flatMap((t) => samplesOf({ ...s, type: t }, definitions, depth + 1)).slice(0, MAX_SAMPLES);
  }
  switch (types[0]) {
    case 'boolean':
      return [true, false];
    case 'string':
      return ['clide-probe'];
    case 'number':
    case 'integer':
      return [3];
    case 'null':
      return [null];
    case 'array': {
      const item = samplesOf((s.items as JsonSchema | undefined) ?? {}, definitions, depth + 1)[0];
      return item === undefined ? [] : [[item]];
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((s.required ?? []) as string[]);
      if (Object.keys(props).length === 0) {
        if (s.additionalProperties === undefined || s.additionalProperties === false) return [];
        const value = samplesOf(s.additionalProperties as JsonSchema, definitions, depth + 1)[0];
        return value === undefined ? [] : [{ clide_probe: value }];
      }
      // The required properties, and the first optional one (an empty object often shows nothing).
      const firstOptional = Object.keys(props).find((name) => !required.has(name));
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(props)) {
        if (!required.has(name) && name !== firstOptional) continue;
        const value = samplesOf(prop, definitions, depth + 1)[0];
        if (value === undefined) {
          if (required.has(name)) return [];
          continue;
        }
        out[name] = value;
      }
      return [out];
    }
    default:
      return Object.keys(s).length === 0 ? ['clide-probe'] : [];
  }
}
