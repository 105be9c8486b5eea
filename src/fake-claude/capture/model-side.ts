import { mkdirSync, writeFileSync } from 'node:fs';
import { release, type } from 'node:os';
import { join } from 'node:path';
import { packageInfo } from '../../config/package-info.js';
import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { turn } from '../../scenarios/expect.js';
import { script, text, toolUse } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import { isRecord } from '../../util/json.js';
import { displayModelName, windowText } from '../model-side/model-names.js';
import type { ModelSideData, ModelSideVariant } from '../model-side/types.js';
import { CAPTURE_BUDGET, type ContextFacts, captureContext } from './model-side-context.js';
import { captureContextCounts, captureCountsWith } from './model-side-context-counts.js';
import { captureHooks } from './model-side-hooks.js';
import { captureImageNotes } from './model-side-image-notes.js';
import { captureModelCheck } from './model-side-model-check.js';
import { captureModes } from './model-side-modes.js';
import { countsVariant, variantOf } from './model-side-variants.js';
import { EXTRA_MODELS } from './usage.js';

/**
 * Captures what a real claude binary sends the model for the options that shape its request — the
 * fake's `src/fake-claude/model-side/data/<version>.json` — by driving it offline (the scenario
 * runner: a sandbox, the scripted Messages API, which records every request):
 *
 * - the system prompt's blocks with `--system-prompt` alone and with `--append-system-prompt`
 *   (the identity line the CLI puts first, the joiner of the two texts, the cache control of a block)
 *   and the billing header block as a template (its per-request hashes as `{hex:N}`);
 * - the CLI's own system prompt, sent when none is given (a template: `{cwd}`, `{memoryDir}`, the
 *   environment lines);
 * - the plan-mode reminder of a session started in plan mode: where it goes and its text (a
 *   template: `{planFilePath}`);
 * - what it sends for hooks (model-side-hooks.ts);
 * - what the permission mode changes: start notices, tools, parameters, the reminders of a
 *   change (model-side-modes.ts);
 * - `set_model`'s check of a new model (model-side-model-check.ts);
 * - what it keeps of a prompt's images (model-side-image-notes.ts);
 * - what another model or subscription auth changes in the first request (model-side-variants.ts:
 *   each model the version lists and those the kit's scenarios and tests set, `EXTRA_MODELS`),
 *   and a model's own `get_context_usage` counts where its tools count otherwise;
 * - `get_context_usage`'s token counts (model-side-context-counts.ts);
 * - `--fallback-model` after overloaded answers: how many 529s on the primary model before the CLI
 *   switches, and the `system/model_fallback` message it emits then (a template: `{originalModel}`,
 *   `{fallbackModel}`, their display names and context windows), when the version emits one.
 */

type Json = Record<string, unknown>;

const SYSTEM_PROMPT = 'clide capture system prompt.';
/** A dummy OAuth token (never a real one): the CLI runs a subscription session offline with it. */
const OAUTH_DUMMY = 'sk-ant-oat01-clide-offline-dummy-token';
const APPEND = 'clide capture appended.';
/** A fallback model whose context window differs from the default model's, and one whose does not. */
const FALLBACKS = { differentWindow: 'claude-haiku-4-5', sameWindow: 'claude-sonnet-5-5' } as const;
/** A model id no version lists (set_model's check, where a version makes one, asks it). */
const UNLISTED_MODEL = 'claude-clide-unlisted-1';
const OVERLOADED = { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' }, times: 6 };

function probe(
  id: string,
  args: string[],
  model: Scenario['model'],
  env?: Record<string, string | undefined>,
): Scenario {
  return {
    ...(env ? { env } : {}),
    id: `capture/model-side-${id}`,
    requirement: id,
    spec: 'capture',
    tier: 'model',
    model,
    args: { extraArgs: args },
    deadlineMs: 60_000,
    async drive(ctx) {
      sandboxRoots.set(id, ctx.cwd.replace(/\/work$/, ''));
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      await turn(ctx, 'Say hi.');
    },
  };
}

/** The sandbox folder of each probe's run (its cwd is `<root>/work`), by probe id. */
const sandboxRoots = new Map<string, string>();

interface TextAt {
  message: number;
  role: string;
  block: number;
  text: string;
}

/** Every text of a request's messages, where it is (a string content is block 0). */
function textsOf(request: RecordedRequest, root: string): TextAt[] {
  const messages = ((request.body as Json).messages as Json[]) ?? [];
  return messages.flatMap((m, message) => {
    const content =
      typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content as Json[]);
    return content
      .filter((c) => typeof c.text === 'string')
      .map((c, block) => ({
        message,
        role: String(m.role),
        block,
        text: String(c.text).split(root).join('{root}'),
      }));
  });
}

const PLAN_MARK = 'Plan mode is active';

/**
 * The plan-mode reminder of the first request of a session started in plan mode, from a run in
 * plan mode and one without: a block of its own in the first user message (`user-block`, the whole
 * block), or a text added to the system-role message (`system-message`, what the plan run has more).
 * Its plan file path is `{planFilePath}`.
 */
export function planReminder(
  plan: TextAt[],
  plain: TextAt[],
): { placement: 'user-block' | 'system-message'; template: string } {
  const at = plan.find((t) => t.text.includes(PLAN_MARK));
  if (!at) throw new ClideError('io', 'no plan-mode reminder in the request of a plan-mode session');
  const template = (text: string) =>
    text.replace(/\{root\}\/home\/\.claude\/plans\/[\w.-]+\.md/g, '{planFilePath}');
  if (at.role === 'user') return { placement: 'user-block', template: template(at.text) };
  const before = plain.find((t) => t.message === at.message && t.role === at.role && t.block === at.block);
  if (!before) throw new ClideError('io', 'the plan-mode reminder is in a message the plain session lacks');
  let head = 0;
  while (head < before.text.length && before.text[head] === at.text[head]) head += 1;
  let tail = 0;
  while (
    tail < before.text.length - head &&
    before.text[before.text.length - 1 - tail] === at.text[at.text.length - 1 - tail]
  )
    tail += 1;
  const added = at.text.slice(head, at.text.length - tail);
  const start = added.indexOf(PLAN_MARK);
  return { placement: 'system-message', template: template(added.slice(start).replace(/\s+$/, '')) };
}

async function conversation(binary: string, scenario: Scenario) {
  for (let attempt = 0; ; attempt++) {
    const run = await runScenario(scenario, { binary });
    const requests = run.modelRequests.filter((r) => r.kind === 'conversation' && isRecord(r.body));
    if (run.passed && requests.length > 0) return { run, requests };
    if (attempt === 1) {
      const findings = run.findings.map((f) => `${f.code}: ${f.message}`).join('; ');
      throw new ClideError('io', `capturing ${scenario.id} from ${binary} failed`, {
        where: binary,
        hint: findings || 'no Messages API request',
      });
    }
  }
}

function systemBlocks(request: RecordedRequest): Json[] {
  const body = request.body as Json;
  return Array.isArray(body.system) ? (body.system as Json[]) : [];
}

/** The billing header block's text with its per-request hashes as `{hex:N}`. */
export function billingTemplate(textOfBlock: string, version: string): string {
  return textOfBlock
    .replace(new RegExp(`(cc_version=${version.replace(/\./g, '\\.')})\\.([0-9a-f]+)`), (_, head, hex) => {
      return `${head}.{hex:${String(hex).length}}`;
    })
    .replace(/(cch=)([0-9a-f]+)/, (_, head, hex) => `${head}{hex:${String(hex).length}}`);
}

/** The model_fallback message as a template: ids, models, display names and windows as placeholders. */
export function fallbackTemplate(message: Json, original: string, fallback: string): Json {
  const names: Array<[string, string]> = [
    [String(message.uuid), '{uuid}'],
    [String(message.session_id), '{sessionId}'],
    [String(message.original_model ?? original), '{originalModel}'],
    [String(message.fallback_model ?? fallback), '{fallbackModel}'],
  ];
  const content = String(message.content ?? '');
  const originalName = displayModelName(original);
  const fallbackName = displayModelName(fallback);
  if (
    typeof message.content === 'string' &&
    (!content.includes(originalName) || !content.includes(fallbackName))
  ) {
    throw new ClideError('io', `the model_fallback text does not name ${originalName} and ${fallbackName}`, {
      hint: content,
    });
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(message)) {
    if (typeof value !== 'string') {
      out[key] = value;
      continue;
    }
    let v = value;
    for (const [from, to] of names) if (v === from) v = to;
    if (key === 'content') {
      v = v
        .split(originalName)
        .join('{originalName}')
        .split(fallbackName)
        .join('{fallbackName}')
        .replace(/context window (\S+) → (\S+)/, 'context window {originalWindow} → {fallbackWindow}');
    }
    out[key] = v;
  }
  return out;
}

/**
 * The CLI's own system prompt (sent when none is given) as a template: the run's working folder
 * `{cwd}`, its memory folder `{memoryDir}`, and the environment lines `{isGitRepo}`, `{platform}`,
 * `{osVersion}` (in either form the versions write them: ` - OS Version: …` in the main prompt's
 * list, `OS Version: …` in a subagent's `<env>` block on 2.1.150, whose literal kernel release made
 * the fake's subagent prompt the capturing machine's); the rest (the default model's lines among
 * them) as the binary wrote it.
 */
export function defaultPromptTemplate(text: string, root: string): string {
  const cwd = `${root}/work`;
  const memoryDir = `${root}/home/.claude/projects/${cwd.replace(/[^a-zA-Z0-9]/g, '-')}/memory/`;
  return text
    .split(memoryDir)
    .join('{memoryDir}')
    .split(cwd)
    .join('{cwd}')
    .replace(/( - Is a git repository: )(true|false)/, '$1{isGitRepo}')
    .replace(/((?:^|\n)(?: - )?Platform: )(\S+)/, '$1{platform}')
    .replace(/((?:^|\n)(?: - )?OS Version: )([^\n]+)/, '$1{osVersion}');
}

/** Drives `binary` (claude `version`, default model `defaultModel`) and returns the data; writes nothing. */
export async function captureModelSide(
  version: string,
  binary: string,
  defaultModel: string,
  models: readonly string[] = [],
): Promise<ModelSideData> {
  const plain = await conversation(
    binary,
    probe('system-prompt', ['--system-prompt', SYSTEM_PROMPT], script([text('Hi.')])),
  );
  const appended = await conversation(
    binary,
    probe(
      'append-system-prompt',
      ['--system-prompt', SYSTEM_PROMPT, '--append-system-prompt', APPEND],
      script([text('Hi.')]),
    ),
  );
  const [billing, identity, prompt] = systemBlocks(plain.requests[0]!);
  const [, identityWithAppend, joined] = systemBlocks(appended.requests[0]!);
  const joinedText = String(joined?.text ?? '');
  if (
    !billing ||
    !identity ||
    !prompt ||
    !identityWithAppend ||
    !joinedText.startsWith(SYSTEM_PROMPT) ||
    !joinedText.endsWith(APPEND)
  ) {
    throw new ClideError('io', `claude ${version}: unexpected system prompt blocks`, {
      hint: JSON.stringify([systemBlocks(plain.requests[0]!), systemBlocks(appended.requests[0]!)]).slice(
        0,
        2000,
      ),
    });
  }

  const planRun = await conversation(
    binary,
    probe('plan-mode', ['--permission-mode', 'plan'], script([text('Hi.')])),
  );
  const plainRun = await conversation(binary, probe('default-mode', [], script([text('Hi.')])));
  const own = systemBlocks(plainRun.requests[0]!).at(-1);
  const defaultPrompt = defaultPromptTemplate(String(own?.text ?? ''), sandboxRoots.get('default-mode')!);
  const plan = planReminder(
    textsOf(planRun.requests[0]!, sandboxRoots.get('plan-mode')!),
    textsOf(plainRun.requests[0]!, sandboxRoots.get('default-mode')!),
  );

  const budgetRun = await conversation(
    binary,
    probe(
      'budget',
      ['--max-budget-usd', CAPTURE_BUDGET],
      script([toolUse('toolu_capture_read', 'Read', { file_path: 'missing.txt' })], [text('Hi.')]),
    ),
  );
  const factsOf = (id: string): ContextFacts => ({
    root: sandboxRoots.get(id)!,
    model: defaultModel,
    date: localDate(),
    osVersion: `${type()} ${release()}`,
  });
  const context = captureContext(
    plainRun.requests[0]!,
    budgetRun.requests[0]!,
    budgetRun.requests[1]!,
    'Say hi.',
    { plain: factsOf('default-mode'), budget: factsOf('budget') },
  );

  const hooks = await captureHooks(binary, context, (root) => ({
    root,
    model: defaultModel,
    date: localDate(),
    osVersion: `${type()} ${release()}`,
  }));

  // Another model (each the version lists, and those the kit's scenarios and tests set), and
  // subscription auth: what their first request changes.
  const variants: ModelSideVariant[] = [];
  const aliases: Record<string, string> = {};
  const kinds = [
    // The default model by its API id (a resumed session names it so; the default may add `[1m]`).
    { id: 'model-default-id', auth: 'api-key' as const, args: ['--model', defaultModel], env: undefined },
    ...[...models, ...EXTRA_MODELS.filter((m) => !models.includes(m))].map((m) => ({
      id: `model-${m.replace(/\W+/g, '-')}`,
      auth: 'api-key' as const,
      args: ['--model', m],
      env: undefined,
    })),
    {
      id: 'oauth',
      auth: 'oauth' as const,
      args: [],
      env: { ANTHROPIC_API_KEY: undefined, CLAUDE_CODE_OAUTH_TOKEN: OAUTH_DUMMY },
    },
  ];
  for (const kind of kinds) {
    const { requests } = await conversation(
      binary,
      probe(kind.id, kind.args, script([text('Hi.')]), kind.env),
    );
    const request = requests[0]!;
    const apiModel = String((request.body as Json).model);
    const alias = kind.args[1];
    // The session's model: the API id, `[1m]` kept where the alias asks for the 1M window.
    const model = alias?.endsWith('[1m]') ? `${apiModel}[1m]` : apiModel;
    if (alias !== undefined && alias !== model) aliases[alias] = model;
    const root = sandboxRoots.get(kind.id)!;
    const variant = variantOf(
      {
        when: { auth: kind.auth, model },
        request,
        prompt: 'Say hi.',
        defaultPrompt: defaultPromptTemplate(String(systemBlocks(request).at(-1)?.text ?? ''), root),
        facts: { ...factsOf(kind.id), model },
      },
      { defaultPrompt, context },
      plainRun.requests[0]!,
    );
    if (
      Object.keys(variant).length > 1 &&
      !variants.some((v) => JSON.stringify(v.when) === JSON.stringify(variant.when))
    )
      variants.push(variant);
  }

  const fallbacks: Partial<Record<keyof typeof FALLBACKS, Json | null>> = {};
  let overloadedBeforeFallback = 0;
  for (const [kind, fallback] of Object.entries(FALLBACKS) as Array<[keyof typeof FALLBACKS, string]>) {
    const { run, requests } = await conversation(
      binary,
      probe(`fallback-${kind}`, ['--fallback-model', fallback], script(OVERLOADED, [text('Hi.')])),
    );
    const models = requests.map((r) => (r.body as Json).model);
    overloadedBeforeFallback = models.indexOf(fallback);
    if (overloadedBeforeFallback < 1 || models[0] !== defaultModel) {
      throw new ClideError('io', `claude ${version} did not fall back from ${defaultModel} to ${fallback}`, {
        hint: JSON.stringify(models),
      });
    }
    const message = run.transcript.frames
      .map((f) => f.msg as Json)
      .find((m) => m.type === 'system' && m.subtype === 'model_fallback');
    fallbacks[kind] = message ? fallbackTemplate(message, defaultModel, fallback) : null;
  }

  const setModelCheck = await captureModelCheck({
    binary,
    candidates: [
      'default',
      ...models,
      defaultModel,
      ...Object.values(aliases).map((m) => m.replace(/\[1m\]$/, '')),
    ],
    unlisted: UNLISTED_MODEL,
    billing: (text) => billingTemplate(text, version),
  });

  const imageNotes = await captureImageNotes(binary);
  const contextCounts = await captureContextCounts({
    binary,
    model: defaultModel,
    template: defaultPromptTemplate,
  });
  // What each other model counts where it counts otherwise than the default one (its tools'
  // definitions, the tools it defers, its own prompt's sections).
  if (contextCounts) {
    for (const model of new Set(
      kinds.filter((k) => k.auth === 'api-key' && k.id !== 'model-default-id').map((k) => k.args[1]!),
    )) {
      const set = await captureCountsWith({ binary, template: defaultPromptTemplate }, ['--model', model]);
      const apiModel = aliases[model] ?? model;
      const counts = countsVariant(set, contextCounts.beforeFirstTurn);
      if (counts === undefined) continue;
      const known = variants.find((v) => v.when.auth === 'api-key' && v.when.model === apiModel);
      if (known) known.contextCounts = counts;
      else variants.push({ when: { auth: 'api-key', model: apiModel }, contextCounts: counts });
    }
  }

  const permissionModes = await captureModes({
    version,
    binary,
    data: { context, planReminder: plan },
    factsOf: (root) => ({
      root,
      model: defaultModel,
      date: localDate(),
      osVersion: `${type()} ${release()}`,
    }),
  });

  return {
    version,
    system: {
      billing: billingTemplate(String(billing.text), version),
      identity: String(identity.text),
      identityWithAppend: String(identityWithAppend.text),
      joiner: joinedText.slice(SYSTEM_PROMPT.length, joinedText.length - APPEND.length),
      cacheControl: isRecord(identity.cache_control) ? identity.cache_control : null,
    },
    defaultPrompt,
    planReminder: plan,
    context,
    hooks,
    aliases,
    variants,
    startRequests: startRequestsOf(plainRun.run.modelRequests),
    permissionModes,
    setModelCheck,
    imageNotes,
    contextCounts,
    fallback: {
      overloadedBeforeFallback,
      message: fallbacks.differentWindow ?? null,
      messageSameWindow: fallbacks.sameWindow ?? null,
    },
  };
}

/** The requests a run made before its first conversation request, but for token counts. */
function startRequestsOf(requests: RecordedRequest[]): Array<{ method: string; path: string }> {
  const first = requests.findIndex((r) => r.kind === 'conversation');
  return requests
    .slice(0, first < 0 ? requests.length : first)
    .filter((r) => r.kind === 'probe')
    .map((r) => ({ method: r.method, path: r.path }));
}

/** Today as the CLI writes it in its context: the local date, YYYY-MM-DD. */
function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The folder of the model-side data (source tree of this checkout). */
export function modelSideDataDir(): string {
  return join(packageInfo().root, 'src', 'fake-claude', 'model-side', 'data');
}

/** Captures and writes `<version>.json`; returns its path. */
export async function writeModelSideData(
  version: string,
  binary: string,
  defaultModel: string,
  models: readonly string[] = [],
): Promise<string> {
  const data = await captureModelSide(version, binary, defaultModel, models);
  mkdirSync(modelSideDataDir(), { recursive: true });
  const file = join(modelSideDataDir(), `${version}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export { windowText };
