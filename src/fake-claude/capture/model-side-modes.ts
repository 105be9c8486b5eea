import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { turn } from '../../scenarios/expect.js';
import { script, text } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import { isRecord } from '../../util/json.js';
import type { PermissionModeStart, PermissionModesData } from '../model-side/permission-modes.js';
import type { ModelSideData } from '../model-side/types.js';
import { behaviourDataDir } from './data-dir.js';
import { toolTemplate } from './index.js';
import { type ContextFacts, contextTemplate } from './model-side-context.js';
import { requestParams } from './model-side-variants.js';

/**
 * What the permission mode changes in a claude binary's requests (`PermissionModesData`), from
 * sessions driven offline with every mode the version takes:
 *
 * - for every change of mode, a fresh session started in the mode it leaves (`--permission-mode`)
 *   that switches (`set_permission_mode`) after its first prompt: its first request against a
 *   default session's (the start notice, the tools), and what its second prompt carries (blocks
 *   before it in its user message, or a system-role message after it). What a change carries can
 *   depend on the session's earlier changes (2.1.332 tells bypassPermissions' notice once until
 *   auto mode is left); this is the first change of a session;
 * - every request's parameters against the default session's first: a mode's own (a session
 *   started in it), and after a change where they differ (2.1.332's plan mode entered from
 *   bypassPermissions sends no classifier context); its tools (the same as its session's first
 *   request's: a change does not redescribe them);
 * - a default session set to each mode before its first prompt (the tools the CLI describes then).
 *
 * Every probe starts with `--allow-dangerously-skip-permissions` (IS_SANDBOX=1: the sandbox runs
 * as root), so that any session may switch to bypassPermissions; the flag alone changes nothing in
 * a request.
 */

type Json = Record<string, unknown>;

const DEFAULT = 'default';
const prompt = (i: number) => `Say hi ${i}.`;

/** The modes `version` takes: its captured `--permission-mode` choices, and `default`. */
export function permissionModesOf(version: string): string[] {
  const file = join(behaviourDataDir(), version, 'argv.json');
  const argv = JSON.parse(readFileSync(file, 'utf8')) as {
    options?: Array<{ flags?: string; choices?: string[]; alsoAccepts?: string[] }>;
  };
  const option = argv.options?.find((o) => o.flags?.startsWith('--permission-mode '));
  if (!option?.choices?.length)
    throw new ClideError('io', `claude ${version}'s captured argv lists no --permission-mode choices`, {
      where: file,
    });
  return [...new Set([...option.choices, ...(option.alsoAccepts ?? []), DEFAULT])];
}

interface Probe {
  id: string;
  /** The sandbox root (the run's cwd is `<root>/work`). */
  root: string;
  requests: RecordedRequest[];
  /** The mode each request was made in. */
  modes: string[];
  /** Per turn: the prompt and the change before it (`from>to`), when the mode changed. */
  turns: Array<{ prompt: string; change?: string }>;
}

/**
 * A session started in `start` (undefined: no flag) that, before each prompt, switches to the mode
 * of `switches` (undefined: stays); a mode the CLI refuses to switch to fails the probe.
 */
async function probe(
  binary: string,
  id: string,
  start: string | undefined,
  switches: Array<string | undefined>,
) {
  const state: { root?: string; refused?: string } = {};
  const scenario: Scenario = {
    id: `capture/model-side-modes-${id}`,
    requirement: id,
    spec: 'capture',
    tier: 'model',
    env: { IS_SANDBOX: '1' },
    model: script(...switches.map(() => [text('Hi.')])),
    args: {
      extraArgs: [...(start ? ['--permission-mode', start] : []), '--allow-dangerously-skip-permissions'],
    },
    deadlineMs: 60_000 + switches.length * 10_000,
    async drive(ctx) {
      state.root = ctx.cwd.replace(/\/work$/, '');
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      for (const [i, mode] of switches.entries()) {
        if (mode !== undefined) {
          const reply = await ctx.session.request({ subtype: 'set_permission_mode', mode });
          if (reply.subtype !== 'success') {
            state.refused = `${mode}: ${JSON.stringify(reply)}`;
            return;
          }
        }
        await turn(ctx, prompt(i));
      }
    },
  };
  for (let attempt = 0; ; attempt++) {
    const run = await runScenario(scenario, { binary });
    const requests = run.modelRequests.filter((r) => r.kind === 'conversation' && isRecord(r.body));
    if (state.refused)
      throw new ClideError('io', `claude refused set_permission_mode ${state.refused}`, { where: binary });
    if (run.passed && requests.length === switches.length && state.root) {
      const modes: string[] = [];
      const turns: Probe['turns'] = [];
      let mode = start ?? DEFAULT;
      for (const [i, next] of switches.entries()) {
        // The first prompt's is a session-start notice (the opening), not a change.
        const change = i > 0 && next !== undefined && next !== mode ? `${mode}>${next}` : undefined;
        if (next !== undefined) mode = next;
        modes.push(mode);
        turns.push({ prompt: prompt(i), ...(change ? { change } : {}) });
      }
      return { id, root: state.root, requests, modes, turns } satisfies Probe;
    }
    if (attempt === 1)
      throw new ClideError('io', `capturing ${scenario.id} from ${binary} failed`, {
        where: binary,
        hint:
          run.findings.map((f) => `${f.code}: ${f.message}`).join('; ') ||
          `${requests.length} of ${switches.length} requests`,
      });
  }
}

/** A text of a probe's request with its sandbox paths as templates; a plan file is `{planFilePath}`. */
export function pathTemplate(value: string, root: string): string {
  return value
    .replace(new RegExp(`${escapeRegExp(root)}/home/\\.claude/plans/[\\w.-]+\\.md`, 'g'), '{planFilePath}')
    .split(`${root}/work`)
    .join('{cwd}')
    .split(`${root}/home/.claude`)
    .join('{configDir}')
    .split(`${root}/home`)
    .join('{home}');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A request parameter as a template: the sandbox's paths, the platform. */
export function paramTemplate(value: unknown, root: string): unknown {
  if (typeof value === 'string') return value === process.platform ? '{platform}' : pathTemplate(value, root);
  if (Array.isArray(value)) return value.map((v) => paramTemplate(v, root));
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, paramTemplate(v, root)]));
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function messagesOf(request: RecordedRequest): Json[] {
  const body = request.body as Json;
  return Array.isArray(body.messages) ? (body.messages as Json[]) : [];
}

const blocksOf = (m: Json): Json[] =>
  typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : ((m.content as Json[]) ?? []);

/**
 * What the prompt `text` carries in `request` (its last prompt): the blocks before it in its user
 * message, and the system-role messages after that message (their texts).
 */
export function promptReminders(
  request: RecordedRequest,
  text: string,
): { blocks: string[]; system: string[] } {
  const messages = messagesOf(request);
  const at = messages.findLastIndex(
    (m) => m.role === 'user' && blocksOf(m).some((b) => b.type === 'text' && b.text === text),
  );
  if (at < 0) throw new ClideError('io', `no user message with the prompt ${JSON.stringify(text)}`);
  const blocks = blocksOf(messages[at]!);
  const before = blocks.slice(
    0,
    blocks.findIndex((b) => b.text === text),
  );
  const system = messages.slice(at + 1).filter((m) => m.role === 'system');
  const extra = system.find((m) => Object.keys(m).some((k) => k !== 'role' && k !== 'content'));
  if (extra)
    throw new ClideError('io', 'a system-role message after a prompt has other fields', {
      hint: JSON.stringify(extra),
    });
  return {
    blocks: before.map((b) => String(b.text ?? JSON.stringify(b))),
    system: system.map((m) =>
      blocksOf(m)
        .map((b) => String(b.text ?? ''))
        .join(''),
    ),
  };
}

/** The first request's context (blocks before the prompt, the system-role message) as templates. */
function openingOf(request: RecordedRequest, text: string, facts: ContextFacts) {
  const messages = messagesOf(request);
  const first = blocksOf(messages[0] ?? {}).map((b) => String(b.text ?? JSON.stringify(b)));
  const at = first.lastIndexOf(text);
  if (messages[0]?.role !== 'user' || at < 0)
    throw new ClideError('io', 'the first request does not start with the prompt in a user message');
  const t = (s: string) => contextTemplate(pathTemplate(s, facts.root), facts);
  const system = messages.find((m) => m.role === 'system');
  return {
    blocks: first.slice(0, at).map(t),
    system: system
      ? t(
          blocksOf(system)
            .map((b) => String(b.text ?? ''))
            .join(''),
        )
      : null,
  };
}

/**
 * The session-start notice of a first request (`opening`, templates) made in a mode: where the
 * version puts notices (`context`), the text it wraps there; undefined when there is none.
 */
export function startNotice(
  context: ModelSideData['context'],
  opening: { blocks: string[]; system: string | null },
): string | undefined {
  const [head, tail] = context.notice.template.split('{text}') as [string, string];
  if (context.notice.placement === 'user-block') {
    if (same(opening.blocks, context.userBlocks)) return undefined;
    const others = opening.blocks.filter((_, i) => i !== context.notice.at);
    const block = opening.blocks[context.notice.at];
    if (
      opening.blocks.length !== context.userBlocksWithNotice.length + 1 ||
      !same(others, context.userBlocksWithNotice) ||
      block === undefined ||
      !block.startsWith(head) ||
      !block.endsWith(tail)
    )
      throw new ClideError('io', 'the first request has more than one notice, or not where notices go', {
        hint: JSON.stringify(opening.blocks).slice(0, 2000),
      });
    return block.slice(head.length, block.length - tail.length);
  }
  const template = context.systemMessage ?? '';
  if (opening.system === template.replace('{notices}', '')) return undefined;
  const before = `${template.slice(0, template.indexOf('{notices}'))}${head}`;
  const after = `${tail}${template.slice(template.indexOf('{notices}') + '{notices}'.length)}`;
  const system = opening.system ?? '';
  if (!system.startsWith(before) || !system.endsWith(after) || system.length < before.length + after.length)
    throw new ClideError('io', 'the first request’s system-role message differs but where notices go', {
      hint: system.slice(0, 2000),
    });
  return system.slice(before.length, system.length - after.length);
}

function toolsOf(request: RecordedRequest): Map<string, Json> {
  const body = request.body as Json;
  return new Map(((body.tools as Json[]) ?? []).map((t) => [String(t.name), t]));
}

/** The tools of `request` that differ from `base`'s (by name, as templates); undefined: none. */
function toolsDiffering(request: RecordedRequest, base: RecordedRequest): Record<string, Json> | undefined {
  const before = toolsOf(base);
  const out: Record<string, Json> = {};
  for (const [name, tool] of toolsOf(request))
    if (!same(tool, before.get(name))) out[name] = toolTemplate(tool);
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The parameters of `request` that `base` lacks or has otherwise (templates). */
function paramsDiffering(request: RecordedRequest, base: RecordedRequest, root: string): Json {
  const before = requestParams(base);
  return Object.fromEntries(
    Object.entries(requestParams(request))
      .filter(([key, value]) => !same(value, before[key]))
      .map(([key, value]) => [key, paramTemplate(value, root)]),
  );
}

export interface ModesCaptureInput {
  version: string;
  binary: string;
  /** The version's captured context (where notices go) and plan-mode reminder. */
  data: Pick<ModelSideData, 'context' | 'planReminder'>;
  /** The facts of a probe's sandbox (its root, the default model, the day, the OS) for templates. */
  factsOf: (root: string) => ContextFacts;
}

/** Drives the binary with every mode of the version and returns what the modes change. */
export async function captureModes(input: ModesCaptureInput): Promise<PermissionModesData> {
  const { binary, data } = input;
  const modes = permissionModesOf(input.version);
  const others = modes.filter((m) => m !== DEFAULT);
  const flag = (mode: string) => (mode === DEFAULT ? undefined : mode);
  // The default session: its first prompt, and one more without a change.
  const base = await probe(binary, 'default', undefined, [undefined, undefined]);
  // Every change, each the first of a fresh session started in the mode it leaves.
  const changes = new Map<string, Probe>();
  for (const from of modes)
    for (const to of modes.filter((m) => m !== from))
      changes.set(`${from}>${to}`, await probe(binary, `${from}-to-${to}`, flag(from), [undefined, to]));
  const started = (mode: string) => changes.get(`${mode}>${mode === DEFAULT ? others[0] : DEFAULT}`)!;
  const early = new Map<string, Probe>();
  for (const mode of others) early.set(mode, await probe(binary, `early-${mode}`, undefined, [mode]));

  const baseFirst = base.requests[0]!;
  const plain = promptReminders(base.requests[1]!, base.turns[1]!.prompt);
  if (plain.blocks.length > 0 || plain.system.length > 0)
    throw new ClideError('io', 'a prompt without a mode change carries something', {
      hint: JSON.stringify(plain).slice(0, 1000),
    });

  const byMode: Record<string, PermissionModeStart> = {};
  const entry = (mode: string) => {
    byMode[mode] ??= {};
    return byMode[mode];
  };
  const planNotice = (notice: string) =>
    notice === data.planReminder.template ||
    data.context.notice.template.split('{text}').join(notice) === data.planReminder.template;

  // What a session opened in each mode has: a notice and tools, from the flag and set early.
  for (const mode of others) {
    const opening = (p: Probe) => openingOf(p.requests[0]!, p.turns[0]!.prompt, input.factsOf(p.root));
    const notice = startNotice(data.context, opening(started(mode)));
    const earlyNotice = startNotice(data.context, opening(early.get(mode)!));
    if (notice !== earlyNotice)
      throw new ClideError(
        'io',
        `${mode}: the start notice differs when the mode is set before the first prompt`,
        { hint: JSON.stringify([notice, earlyNotice]).slice(0, 2000) },
      );
    if (mode === 'plan' && (notice === undefined || !planNotice(notice)))
      throw new ClideError('io', 'plan mode’s start notice is not the plan-mode reminder', {
        hint: String(notice).slice(0, 2000),
      });
    if (notice !== undefined && mode !== 'plan') entry(mode).notice = notice;
    const tools = toolsDiffering(started(mode).requests[0]!, baseFirst);
    if (tools) entry(mode).tools = tools;
    const toolsEarly = toolsDiffering(early.get(mode)!.requests[0]!, baseFirst);
    if (toolsEarly) entry(mode).toolsSetBeforeFirstPrompt = toolsEarly;
  }

  // Every request's parameters: a mode's, from the sessions started in it (by flag, or set before
  // the first prompt, alike); after a change, where they are not the mode's own, the change's. Its
  // tools: its session's first request's. What the prompt after a change carries.
  const paramsOf = (p: Probe, i: number) => paramsDiffering(p.requests[i]!, baseFirst, p.root);
  const modeParams = new Map<string, Json>([[DEFAULT, paramsOf(base, 0)]]);
  for (const mode of others) {
    const own = paramsOf(started(mode), 0);
    if (!same(own, paramsOf(early.get(mode)!, 0)))
      throw new ClideError('io', `${mode}: the request parameters differ when set before the first prompt`);
    modeParams.set(mode, own);
  }
  if (Object.keys(modeParams.get(DEFAULT)!).length > 0)
    throw new ClideError('io', 'the parameters of a default session’s first request differ from its own');
  for (const [mode, own] of modeParams) if (Object.keys(own).length > 0) entry(mode).params = own;
  const changeParams: Record<string, Json> = {};
  const reminders = new Map<string, { blocks: string[]; system: string[] }>();
  for (const p of [base, ...changes.values(), ...early.values()]) {
    const first = toolsOf(p.requests[0]!);
    p.requests.forEach((request, i) => {
      if (!same([...toolsOf(request)], [...first]))
        throw new ClideError('io', 'a session’s tools changed after a mode change', { where: p.id });
      const change = p.turns[i]!.change;
      const own = paramsOf(p, i);
      if (change === undefined) {
        if (!same(own, modeParams.get(p.modes[i]!)))
          throw new ClideError('io', `the request parameters in ${p.modes[i]} mode changed in a session`, {
            where: `${p.id}, request ${i}`,
          });
        return;
      }
      if (!same(own, modeParams.get(p.modes[i]!))) changeParams[change] = own;
      const found = promptReminders(request, p.turns[i]!.prompt);
      reminders.set(change, {
        blocks: found.blocks.map((t) => pathTemplate(t, p.root)),
        system: found.system.map((t) => pathTemplate(t, p.root)),
      });
    });
  }

  const inBlocks = [...reminders.values()].some((r) => r.blocks.length > 0);
  const inSystem = [...reminders.values()].some((r) => r.system.length > 0);
  if (inBlocks && inSystem)
    throw new ClideError('io', 'mode changes are told both in user blocks and in system-role messages');
  if ([...reminders.values()].some((r) => r.system.length > 1))
    throw new ClideError('io', 'a mode change is told in more than one system-role message');
  const placement =
    inBlocks || (!inSystem && data.context.notice.placement === 'user-block')
      ? 'user-blocks'
      : 'system-message';
  const told: Record<string, string[]> = {};
  for (const [change, r] of [...reminders].sort(([a], [b]) => a.localeCompare(b))) {
    const texts = placement === 'user-blocks' ? r.blocks : r.system;
    if (texts.length > 0) told[change] = texts;
  }
  return { modes, byMode, changes: { placement, reminders: told, params: changeParams } };
}
