import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { packageInfo } from '../../config/package-info.js';
import { ClideError } from '../../errors/index.js';
import { success, turn } from '../../scenarios/expect.js';
import { noModel, script, text } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario, ScenarioContext } from '../../scenarios/scenario.js';
import { isRecord } from '../../util/json.js';
import { monthYear } from '../../util/month-year.js';
import { type CapturedData, DATA_FILES } from '../behaviour/data/types.js';
import { captureArgv } from './argv.js';
import { behaviourDataDir } from './data-dir.js';
import { writeVersionRegistries } from './version-registries.js';

/**
 * Captures what a real claude binary answers statically — the data the fake copies for that
 * version — by driving it offline (the scenario runner: a sandbox, the scripted Messages API on
 * loopback, which records the requests the CLI makes):
 *
 * - `initialize.json`: the `initialize` reply minus `pid` (commands, agents, output styles, models, account);
 * - `context-usage.json`: the `get_context_usage` reply of a fresh session;
 * - `settings.json`: the `get_settings` reply of a fresh session (its `applied.model` is the session model);
 * - `binary.json`: `--version` text, `get_binary_version` (version, build time);
 * - `control.json`: extra fields of the control_response envelopes (by request subtype, and of an
 *   error), and the replies to argument-less requests a version may answer (`list_models`);
 * - `init.json`: the `system/init` of a plain turn (tool, slash command, agent and skill lists, model, …);
 * - `api-tools.json`: the built-in tools of the first Messages API request, verbatim but for the
 *   month in a description (`{monthYear}`);
 * - `api-request.json`: that request's parameters besides model/messages/tools/system, and its
 *   protocol headers;
 * - `argv.json`: the command line — both help texts and every option the binary accepts, visible
 *   and hidden, with its kind of value and its choices (`argv.ts`).
 *
 * They go to `src/fake-claude/behaviour/data/<version>/`, and `src/fake-claude/behaviour/data/versions.ts`
 * (the registry of the versions the fake has data for) is regenerated from the folders there.
 */

export interface CaptureOptions {
  /** The CLI version, e.g. `2.1.332`; must be what the binary reports. */
  version: string;
  /** The real `claude` binary of that version. */
  binaryPath: string;
  /** Lines telling how a long step goes (the command line's probes take minutes). */
  onProgress?: (line: string) => void;
}

export interface CaptureResult {
  /** The files written (absolute paths). */
  files: string[];
  /** What was captured, in a few lines. */
  summary: string;
}

type Json = Record<string, unknown>;

/** The headers of a Messages API request the fake sends as its own (no credentials, no per-run ids). */
const HEADERS = [
  'user-agent',
  'x-stainless-lang',
  'x-stainless-package-version',
  'anthropic-beta',
  'anthropic-version',
  'x-app',
];
/** Request body keys that are per conversation, not defaults. */
const PER_REQUEST = ['model', 'messages', 'tools', 'system', 'metadata', 'stream'];

export { behaviourDataDir } from './data-dir.js';

/** A one-off scenario for the capture: the runner does the sandbox, model API and deadlines. */
function probe(id: string, drive: (ctx: ScenarioContext) => Promise<void>, model = noModel): Scenario {
  return { id: `capture/${id}`, requirement: id, spec: 'capture', tier: 'offline', model, drive };
}

async function runProbe(
  binary: string,
  scenario: Scenario,
): Promise<Awaited<ReturnType<typeof runScenario>>> {
  let last: Awaited<ReturnType<typeof runScenario>> | undefined;
  // A starved run (2 shared cores) can miss the silence limit: try once more before giving up.
  for (let attempt = 0; attempt < 2; attempt++) {
    last = await runScenario(scenario, { binary });
    if (last.passed) return last;
  }
  const findings = (last?.findings ?? []).map((f) => `${f.code}: ${f.message}`).join('; ');
  throw new ClideError('io', `capturing ${scenario.id} from ${binary} failed`, {
    where: binary,
    hint: findings,
  });
}

const ENVELOPE = ['subtype', 'request_id', 'response', 'error'];
/** Offline control requests without arguments that some versions answer and others refuse. */
const OPTIONAL_CONTROL = ['list_models'];

/** The sandbox folder of a run (its cwd is `<root>/work`). */
const sandboxRoot = (cwd: string) => cwd.replace(/\/work$/, '');

function controlProbe(subtype: string, request: Json, out: Json): Scenario {
  return probe(subtype, async (ctx) => {
    const response = await ctx.session.request({ subtype, ...request });
    out.reply = placeholders(success(ctx, response, subtype), sandboxRoot(ctx.cwd));
    out.extras = Object.fromEntries(Object.entries(response).filter(([key]) => !ENVELOPE.includes(key)));
  });
}

/**
 * A tool as the fake offers it: every field as the binary sent it, the month of the capture in its
 * description as `{monthYear}` (the fake fills in its own, as the CLI does: "The current month is …").
 */
export function toolTemplate(tool: Json, now = new Date()): Json {
  const month = monthYear(now);
  const description = String(tool.description ?? '')
    .split(month)
    .join('{monthYear}');
  return { ...tool, name: String(tool.name), description };
}

/** Drives `binaryPath` and returns the data; writes nothing. */
export async function captureData(options: CaptureOptions): Promise<CapturedData> {
  const binary = options.binaryPath;
  const versionRun = await execa(binary, ['--version'], {
    reject: false,
    timeout: 30_000,
    env: { ...process.env, CLAUDE_CODE_DISABLE_AUTOUPDATER: '1' },
  });
  const versionText = String(versionRun.stdout).trim();
  if (!versionText.startsWith(`${options.version} `)) {
    throw new ClideError('usage', `${binary} is not claude ${options.version}`, {
      where: binary,
      hint: `--version printed ${JSON.stringify(versionText)}`,
    });
  }

  const initialize: Json = {};
  const contextUsage: Json = {};
  const settings: Json = {};
  const binaryVersion: Json = {};
  await runProbe(binary, controlProbe('initialize', { hooks: {}, sdkMcpServers: [] }, initialize));
  await runProbe(binary, controlProbe('get_context_usage', {}, contextUsage));
  await runProbe(binary, controlProbe('get_settings', {}, settings));
  await runProbe(binary, controlProbe('get_binary_version', {}, binaryVersion));

  // Control requests a version may or may not answer (answered ones are replayed as they are), and
  // an unknown subtype, for the fields of an error envelope.
  const optional: Record<string, Json> = {};
  for (const subtype of OPTIONAL_CONTROL) {
    await runProbe(
      binary,
      probe(subtype, async (ctx) => {
        const response = await ctx.session.request({ subtype });
        optional[subtype] = placeholders(response, sandboxRoot(ctx.cwd)) as Json;
      }),
    );
  }
  let unknown: Json = {};
  await runProbe(
    binary,
    probe('unknown-subtype', async (ctx) => {
      const response = await ctx.session.request({ subtype: 'clide_capture_unknown' });
      unknown = response;
    }),
  );

  let init: Json | undefined;
  const turnRun = await runProbe(
    binary,
    probe(
      'turn',
      async (ctx) => {
        await turn(ctx, 'Say hello.');
        init = ctx.session.messages().find((m) => m.type === 'system' && m.subtype === 'init');
      },
      script([text('Hello.')]),
    ),
  );
  const request = turnRun.modelRequests.find((r) => r.kind === 'conversation');
  if (!init || !request || !isRecord(request.body)) {
    throw new ClideError('io', `claude ${options.version} gave no system/init or no model request`, {
      where: binary,
    });
  }
  const body = request.body;
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  const defaults: Json = {};
  for (const [key, value] of Object.entries(body)) if (!PER_REQUEST.includes(key)) defaults[key] = value;
  const headers: Record<string, string> = {};
  for (const name of HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const { pid: _pid, ...initializeReply } = initialize.reply as Json;
  const { argv } = await captureArgv({
    binaryPath: binary,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const data: CapturedData = {
    binary: { versionText, reply: binaryVersion.reply as CapturedData['binary']['reply'] },
    control: {
      envelopes: Object.fromEntries(
        (
          [
            ['initialize', initialize],
            ['get_context_usage', contextUsage],
            ['get_settings', settings],
            ['get_binary_version', binaryVersion],
          ] as const
        )
          .filter(([, probe]) => Object.keys(probe.extras as Json).length > 0)
          .map(([subtype, probe]) => [subtype, probe.extras as Json]),
      ),
      replies: Object.fromEntries(
        Object.entries(optional)
          .filter(([, envelope]) => envelope.subtype === 'success')
          .map(([subtype, envelope]) => [subtype, envelope.response as Json]),
      ),
      errorEnvelope: Object.fromEntries(
        Object.entries(unknown).filter(([key]) => !['subtype', 'request_id', 'error'].includes(key)),
      ),
    },
    initialize: initializeReply,
    contextUsage: contextUsage.reply as Json,
    settings: settings.reply as Json,
    init: {
      message: initTemplate(init),
      tools: init.tools as string[],
      slash_commands: init.slash_commands as string[],
      skills: init.skills as string[],
      agents: init.agents as string[],
      model: String(init.model),
    },
    apiTools: tools.map((t) => toolTemplate(t) as CapturedData['apiTools'][number]),
    apiRequest: { path: request.path, defaults, headers },
    argv,
  };
  return data;
}

/** The session's own values in `system/init`, replaced by placeholders the fake fills in. */
const INIT_PLACEHOLDERS: Record<string, string> = {
  cwd: '<cwd>',
  session_id: '<session-id>',
  tools: '<tools>',
  mcp_servers: '<mcp-servers>',
  model: '<model>',
  permissionMode: '<permission-mode>',
  slash_commands: '<slash-commands>',
  apiKeySource: '<api-key-source>',
  agents: '<agents>',
  skills: '<skills>',
  uuid: '<uuid>',
  memory_paths: '<memory-paths>',
  // Where 2.1.332 puts its messaging socket depends on the environment (see messaging-socket.ts).
  messaging_socket_path: '<messaging-socket-path>',
};

/**
 * The sandbox's folders inside strings — config dir, HOME, cwd, the sandbox itself (TMPDIR) — and a
 * socket named after the CLI's pid, as placeholders the fake fills in with its own.
 */
function placeholders(value: unknown, root: string): unknown {
  if (typeof value === 'string') {
    return value
      .replaceAll(`${root}/home/.claude`, '<config-dir>')
      .replaceAll(`${root}/home`, '<home>')
      .replaceAll(`${root}/work`, '<cwd>')
      .replaceAll(root, '<tmpdir>')
      .replace(/\/\d+\.sock$/, '/<pid>.sock');
  }
  if (Array.isArray(value)) return value.map((v) => placeholders(v, root));
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, placeholders(v, root)]));
  return value;
}

function initTemplate(init: Json): Json {
  const root = sandboxRoot(String(init.cwd));
  const out: Json = {};
  for (const [key, value] of Object.entries(init))
    out[key] = INIT_PLACEHOLDERS[key] ?? placeholders(value, root);
  return out;
}

/** The files of one version's data, by name. */
function dataFiles(data: CapturedData): Record<string, unknown> {
  return Object.fromEntries(DATA_FILES.map(([key, file]) => [file, data[key]]));
}

/**
 * Captures only `version`'s command line (`argv.json`) from `binaryPath`, leaving its other data
 * as it is (the version must be registered already). Run `npm run build` afterwards.
 */
export async function captureArgvData(options: CaptureOptions): Promise<CaptureResult> {
  const versionDir = join(behaviourDataDir(), options.version);
  if (!existsSync(versionDir)) {
    throw new ClideError('usage', `fake-claude has no data for claude ${options.version} yet`, {
      where: versionDir,
      hint: `capture all of it first: npm run fake:capture -- ${options.version}`,
    });
  }
  const { argv, stats } = await captureArgv({
    binaryPath: options.binaryPath,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const file = join(versionDir, 'argv.json');
  writeFileSync(file, `${JSON.stringify(argv, null, 2)}\n`);
  const root = packageInfo().root;
  const biome = join(root, 'node_modules', '.bin', 'biome');
  if (existsSync(biome)) await execa(biome, ['format', '--write', file], { cwd: root, reject: false });
  const summary = [
    `fake-claude command line of claude ${options.version}: ${stats.visible} visible and ${stats.hidden} hidden options`,
    `  judged ${stats.candidates} names (${stats.fromBinary} from the binary, ${stats.fromSdks} from the installed Agent SDKs, and --help's)`,
    `  wrote ${relative(root, file)}`,
  ].join('\n');
  return { files: [file], summary };
}

/**
 * Captures `version`'s data from `binaryPath` into `src/fake-claude/behaviour/data/<version>/`
 * and registers the version (regenerates `data/versions.ts`). Run `npm run build` afterwards.
 */
export async function captureBehaviourData(options: CaptureOptions): Promise<CaptureResult> {
  const data = await captureData(options);
  const dir = behaviourDataDir();
  const versionDir = join(dir, options.version);
  mkdirSync(versionDir, { recursive: true });
  const files: string[] = [];
  for (const [name, value] of Object.entries(dataFiles(data))) {
    const file = join(versionDir, name);
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
    files.push(file);
  }
  // The registry of emulated versions lists it (generated from the folders, as every registry of the fake).
  files.push(...writeVersionRegistries());
  const root = packageInfo().root;
  // The checkout's formatter, so `biome check` stays quiet on generated files (JSON arrays fitted to the line).
  const biome = join(root, 'node_modules', '.bin', 'biome');
  if (existsSync(biome)) await execa(biome, ['format', '--write', ...files], { cwd: root, reject: false });
  const summary = [
    `fake-claude data for claude ${options.version} (${data.binary.versionText}, built ${data.binary.reply.buildTime}):`,
    `  initialize: ${(data.initialize.commands as unknown[] | undefined)?.length ?? 0} commands, ${(data.initialize.models as unknown[] | undefined)?.length ?? 0} models`,
    `  system/init: ${data.init.tools.length} tools, ${data.init.slash_commands.length} slash commands, ${data.init.skills.length} skills, model ${data.init.model}`,
    `  Messages API: ${data.apiTools.length} built-in tools, headers ${Object.keys(data.apiRequest.headers).join(', ')}`,
    `  command line: ${data.argv.options.filter((o) => !o.hidden).length} visible and ${data.argv.options.filter((o) => o.hidden).length} hidden options`,
    `  wrote ${files.map((f) => relative(root, f)).join(', ')}`,
    '  next: npm run build, then the differential test for this version (test/fake-claude.differential.test.ts)',
  ].join('\n');
  return { files, summary };
}
