import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ClideError } from '../../errors/index.js';
import { get, toolResultText } from '../../scenarios/expect.js';
import { script, text, toolUse } from '../../scenarios/model.js';
import { type RunScenarioOptions, runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import {
  type BashDecision,
  type BashDenial,
  type BashPermissionData,
  encodeDecision,
  fillCwd,
  templatePaths,
} from '../scripted/bash-permission/index.js';
import { bashCorpus, SANDBOX_FILES, SANDBOX_LINKS } from './bash-commands.js';

type Json = Record<string, unknown>;

/** The permission modes captured (bypassPermissions runs everything: nothing to learn). */
export const CAPTURED_MODES = ['default', 'acceptEdits', 'dontAsk', 'plan'] as const;
/** Bash calls per model turn (a session holds the whole corpus in a few turns). */
const CALLS_PER_TURN = 100;
/** What the client answers every `can_use_tool` with: nothing asked about runs. */
const ASKED = 'clide-capture: asked';

const idOf = (i: number) => `toolu_01Bash${String(i).padStart(4, '0')}`;

/** Puts the files and links the corpus expects into the folder `cwd`. */
export function seedSandbox(cwd: string): void {
  for (const [name, content] of Object.entries(SANDBOX_FILES)) {
    const file = join(cwd, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  for (const [name, target] of Object.entries(SANDBOX_LINKS)) symlinkSync(target, join(cwd, name));
}

/**
 * One session in `mode`: the sandbox holds SANDBOX_FILES and SANDBOX_LINKS; the model calls Bash with every command
 * of `commands`, CALLS_PER_TURN to a turn; every `can_use_tool` is denied (nothing asked about
 * runs, in any mode). The commands' `{cwd}` is the sandbox's, filled in before the session starts
 * (the scripted API reads its turns as it serves them).
 */
function session(commands: readonly string[], mode: string, out: { messages: Json[] }): Scenario {
  const turns: Json[][] = [];
  for (let i = 0; i < commands.length; i += CALLS_PER_TURN) {
    turns.push(
      commands
        .slice(i, i + CALLS_PER_TURN)
        .map((command, j) => toolUse(idOf(i + j), 'Bash', { command, description: 'Probe' })),
    );
  }
  const model = script(...turns, [text('Done.')]);
  return {
    id: `capture/bash-permission/${mode}`,
    requirement: 'capture',
    spec: 'capture',
    tier: 'model',
    model,
    args: { permissionMode: mode },
    handlers: { can_use_tool: () => ({ behavior: 'deny', message: ASKED }) },
    silenceMs: 120_000,
    deadlineMs: 1_800_000,
    async prepare(ctx) {
      seedSandbox(ctx.cwd);
      for (const turn of model.turns) {
        for (const block of 'blocks' in turn ? turn.blocks : []) {
          if (block.type === 'tool_use') block.input.command = fillCwd(String(block.input.command), ctx.cwd);
        }
      }
    },
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      ctx.session.sendUser('Run the commands.');
      await ctx.session.waitForResult();
      out.messages = ctx.session.messages();
    },
  };
}

/** The fields of a `system/permission_denied` event that are not a denial's details. */
const NOT_DETAILS = new Set([
  'type',
  'subtype',
  'tool_name',
  'tool_use_id',
  'decision_reason_type',
  'message',
  'uuid',
  'session_id',
]);

/**
 * What the CLI did with each call of a session, from its messages; each denial's text and details
 * (templated: `{cwd}`, `{root}`) are added to `denials` unless already there.
 */
export function decisionsOf(
  messages: Json[],
  count: number,
  cwd: string,
  denials: BashDenial[],
): Array<BashDecision | undefined> {
  const asked = new Set(
    messages
      .filter((m) => m.type === 'control_request' && get(m, 'request', 'subtype') === 'can_use_tool')
      .map((m) => String(get(m, 'request', 'tool_use_id'))),
  );
  const deniedEvents = new Map(
    messages
      .filter((m) => m.type === 'system' && m.subtype === 'permission_denied')
      .map((m) => [String(m.tool_use_id), m] as const),
  );
  const result = messages.find((m) => m.type === 'result');
  const denied = new Set(
    ((result?.permission_denials as Json[] | undefined) ?? []).map((d) => String(d.tool_use_id)),
  );
  const results = new Map<string, { block: Json; message: Json }>();
  for (const m of messages) {
    if (m.type !== 'user') continue;
    const content = get(m, 'message', 'content');
    if (!Array.isArray(content)) continue;
    for (const block of content as Json[]) {
      if (block.type === 'tool_result') results.set(String(block.tool_use_id), { block, message: m });
    }
  }
  const denialIndex = (text: string, event: Json | undefined): number => {
    const details = Object.fromEntries(
      Object.entries(event ?? {}).filter(([key]) => !NOT_DETAILS.has(key)),
    ) as Json;
    const denial: BashDenial = JSON.parse(
      templatePaths(
        JSON.stringify({ message: text, ...(Object.keys(details).length > 0 ? { details } : {}) }),
        cwd,
      ),
    );
    const key = JSON.stringify(denial);
    const at = denials.findIndex((d) => JSON.stringify(d) === key);
    if (at >= 0) return at;
    denials.push(denial);
    return denials.length - 1;
  };
  return Array.from({ length: count }, (_, i): BashDecision | undefined => {
    const id = idOf(i);
    const seen = results.get(id);
    if (!seen) return undefined;
    if (asked.has(id)) return { outcome: 'ask' };
    const event = deniedEvents.get(id);
    if (denied.has(id) || event) {
      const reasonType = event?.decision_reason_type;
      return {
        outcome: 'deny',
        ...(typeof reasonType === 'string' ? { reasonType } : {}),
        denial: denialIndex(toolResultText(seen.block), event),
      };
    }
    const meta = ((seen.message.tool_result_meta as Json[] | undefined) ?? []).find((x) => x.id === id);
    const reasonType = get(meta, 'permission_decision', 'reason_type');
    return { outcome: 'run', ...(typeof reasonType === 'string' ? { reasonType } : {}) };
  });
}

/**
 * One session of the CLI side `binary` (the real CLI; `env`: e.g. fake-claude's version) in `mode`
 * over `commands`: what it did with each call, its denials added to `denials`. A ClideError when a
 * call got no tool_result.
 */
export async function askAbout(
  binary: string,
  commands: readonly string[],
  mode: string,
  denials: BashDenial[],
  options: Pick<RunScenarioOptions, 'env' | 'cliVersion'> = {},
): Promise<BashDecision[]> {
  const out: { messages: Json[] } = { messages: [] };
  const run = await runScenario(session(commands, mode, out), { binary, ...options });
  const init = out.messages.find((m) => m.type === 'system' && m.subtype === 'init');
  const cwd = typeof init?.cwd === 'string' ? init.cwd : '';
  const decisions = decisionsOf(out.messages, commands.length, cwd, denials);
  const missing = decisions.flatMap((d, i) => (d === undefined ? [commands[i]] : []));
  if (!cwd || missing.length > 0) {
    throw new ClideError('io', `asking ${binary} about Bash commands (${mode}) failed`, {
      where: binary,
      hint: [
        missing.length > 0 ? `no tool_result for ${missing.length} call(s), first: ${missing[0]}` : '',
        ...run.findings.map((f) => `${f.code}: ${f.message}`),
      ]
        .filter(Boolean)
        .join('; '),
    });
  }
  return decisions as BashDecision[];
}

/**
 * How the real CLI at `binary` gates Bash in each captured mode: one session a mode over the
 * corpus (`bashCorpus`, or `commands`), every call recorded as run, asked or denied.
 */
export async function captureBashPermission(
  binary: string,
  options: {
    commands?: readonly string[];
    modes?: readonly string[];
    onProgress?: (line: string) => void;
  } = {},
): Promise<BashPermissionData> {
  const commands = [...(options.commands ?? bashCorpus())];
  const modes: Record<string, string[]> = {};
  const denials: BashDenial[] = [];
  for (const mode of options.modes ?? CAPTURED_MODES) {
    options.onProgress?.(`asking claude about ${commands.length} Bash commands in ${mode} mode`);
    modes[mode] = (await askAbout(binary, commands, mode, denials)).map(encodeDecision);
  }
  return { commands, modes, denials };
}
