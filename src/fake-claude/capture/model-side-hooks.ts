import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { turn } from '../../scenarios/expect.js';
import { script, text, toolUse } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario, ScenarioContext } from '../../scenarios/scenario.js';
import { isRecord } from '../../util/json.js';
import type { ModelSideHooks } from '../model-side/hooks.js';
import type { ModelSideData } from '../model-side/types.js';
import {
  addedText,
  CAPTURE_BUDGET,
  type ContextFacts,
  contextOf,
  contextTemplate,
} from './model-side-context.js';

/**
 * What a claude binary sends the model for hooks (`ModelSideData['hooks']`), captured by driving it
 * offline with hooks that say something known (a marker) and finding the marker in its requests:
 *
 * - SessionStart command hooks (`--settings`): where their output, and a JSON answer's
 *   additionalContext, go in the first request, compared with a plain session's (`base`);
 * - a PostToolUse hook's additionalContext (a hook callback's) after the tool results: a block of
 *   their user message, or a system-role message after it (then, from a run with
 *   `--max-budget-usd`, what joins it to the budget notice in that message);
 * - a Stop hook's block (a hook callback's, and a command hook's JSON answer): the user message
 *   that gives the model its reason, and the system-role message after it, if any;
 * - a first prompt blocked by a UserPromptSubmit hook: what the next prompt's context lacks (what
 *   the blocked prompt spent), compared with a plain session's.
 */

type Json = Record<string, unknown>;

const PROMPT = 'Say hi.';
const SESSION_START_OUTPUT = 'clide-capture-session-start-output';
const SESSION_START_CONTEXT = 'clide-capture-session-start-context';
const SESSION_START_HOOK = 'SessionStart:startup';
const POST_TOOL_USE_CONTEXT = 'clide-capture-post-tool-use-context';
const POST_TOOL_USE_HOOK = 'PostToolUse:Write';
const STOP_REASON = 'clide-capture-stop-reason';
/** A command hook that blocks the first stop of a turn (its input on stdin says so). */
const STOP_COMMAND = `grep -q '"stop_hook_active":false' && echo '{"decision":"block","reason":"${STOP_REASON}"}' || true`;
const BLOCKED_PROMPT = 'clide capture: a prompt to block.';
const BUDGET_TEXT = /USD budget: \$[\d.e-]+\/\$[\d.]+; \$[\d.e-]+ remaining$/;

/** One probe's conversation requests and its sandbox's root (its cwd is `<root>/work`). */
interface ProbeRun {
  requests: RecordedRequest[];
  root: string;
}

async function probeRun(
  binary: string,
  id: string,
  scenario: Omit<Scenario, 'id' | 'requirement' | 'spec' | 'tier' | 'drive'> & {
    drive?: (ctx: ScenarioContext) => Promise<void>;
  },
): Promise<ProbeRun> {
  let root = '';
  const full: Scenario = {
    deadlineMs: 60_000,
    ...scenario,
    id: `capture/model-side-hooks-${id}`,
    requirement: id,
    spec: 'capture',
    tier: 'model',
    async drive(ctx) {
      root = ctx.cwd.replace(/\/work$/, '');
      if (scenario.drive) return scenario.drive(ctx);
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      await turn(ctx, PROMPT);
    },
  };
  for (let attempt = 0; ; attempt++) {
    const run = await runScenario(full, { binary });
    const requests = run.modelRequests.filter((r) => r.kind === 'conversation' && isRecord(r.body));
    if (run.passed && requests.length > 0) return { requests, root };
    if (attempt === 1)
      throw new ClideError('io', `capturing ${full.id} from ${binary} failed`, {
        where: binary,
        hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; ') || 'no Messages API request',
      });
  }
}

const settings = (hooks: Json) => ['--settings', JSON.stringify({ hooks })];
const commandHook = (command: string) => [{ hooks: [{ type: 'command', command }] }];

/** The context around the first prompt of `request`, in templates. */
function openingOf(request: RecordedRequest, facts: ContextFacts) {
  const c = contextOf(request, PROMPT);
  const t = (s: string) => contextTemplate(s, facts);
  return { blocks: c.blocks.map(t), system: c.system === null ? null : t(c.system) };
}

/**
 * Where a SessionStart hook's text is in a first request (`probe`) that a plain session's context
 * (`base`) lacks, and that text as a template (`marker` as `{slot}`, the hook's name `{hookName}`).
 */
export function sessionStartText(
  base: Pick<ModelSideData['context'], 'userBlocks' | 'systemMessage'>,
  probe: { blocks: string[]; system: string | null },
  marker: string,
  slot: string,
): { placement: 'user-block' | 'system-message'; at: number; template: string } {
  const template = (s: string) =>
    s.split(marker).join(`{${slot}}`).split(SESSION_START_HOOK).join('{hookName}');
  const at = probe.blocks.findIndex((b) => b.includes(marker));
  if (at >= 0) {
    const rest = probe.blocks.filter((_, i) => i !== at);
    if (JSON.stringify(rest) !== JSON.stringify(base.userBlocks))
      throw new ClideError('io', 'a SessionStart hook changed more of the first message than one block', {
        hint: JSON.stringify(probe.blocks).slice(0, 2000),
      });
    return { placement: 'user-block', at, template: template(probe.blocks[at]!) };
  }
  const baseSystem = base.systemMessage?.replace('{notices}', '');
  if (baseSystem !== undefined && probe.system?.includes(marker)) {
    const { head, added } = addedText(baseSystem, probe.system);
    if (!added.includes(marker) || probe.system.length !== baseSystem.length + added.length)
      throw new ClideError('io', 'a SessionStart hook’s text is not what the system-role message has more', {
        hint: added.slice(0, 2000),
      });
    return { placement: 'system-message', at: head, template: template(added) };
  }
  throw new ClideError('io', `no SessionStart hook text (${marker}) in the first request`, {
    hint: JSON.stringify(probe).slice(0, 2000),
  });
}

type Message = { role: string; content: unknown };

const messagesOf = (request: RecordedRequest) => ((request.body as Json).messages as Message[]) ?? [];
const textsOf = (m: Message | undefined): string[] =>
  m === undefined
    ? []
    : typeof m.content === 'string'
      ? [m.content]
      : (m.content as Json[]).filter((b) => typeof b.text === 'string').map((b) => String(b.text));

/**
 * Where a PostToolUse hook's context is in the request after the tool ran (its messages after the
 * first user message's), and its text as a template (`marker` as `{context}`, the hook's name
 * `{hookName}`).
 */
export function postToolUseText(
  messages: readonly Message[],
  marker: string,
): { placement: 'user-block' | 'system-message'; template: string; system?: string } {
  const template = (s: string) =>
    s.split(marker).join('{context}').split(POST_TOOL_USE_HOOK).join('{hookName}');
  const results = messages.findIndex(
    (m) => Array.isArray(m.content) && (m.content as Json[]).some((b) => b.type === 'tool_result'),
  );
  for (const m of messages.slice(results < 0 ? messages.length : results)) {
    const found = textsOf(m).find((t) => t.includes(marker));
    if (found === undefined) continue;
    if (m.role === 'user') return { placement: 'user-block', template: template(found) };
    if (m.role === 'system') return { placement: 'system-message', template: template(found), system: found };
  }
  throw new ClideError('io', `no PostToolUse hook context (${marker}) after the tool results`, {
    hint: JSON.stringify(messages.slice(-3)).slice(0, 2000),
  });
}

/**
 * What joins a PostToolUse hook's text (`hookText`) to the budget notice after it in one
 * system-role message (`system`).
 */
export function noticeJoiner(system: string, hookText: string): string {
  const budget = BUDGET_TEXT.exec(system);
  if (!system.startsWith(hookText) || !budget)
    throw new ClideError(
      'io',
      'the system-role message after the tool results is not the hook’s text, then the budget',
      {
        hint: system.slice(0, 2000),
      },
    );
  return system.slice(hookText.length, budget.index);
}

/**
 * A Stop hook's block in a request after it (the user message with the reason `marker`, then a
 * system-role message, if any), as templates (`{reason}`; `command`, the hook's command, as
 * `{command}`).
 */
export function stopMessages(
  messages: readonly Message[],
  marker: string,
  command?: string,
): { feedback: string; asString: boolean; system: string | null } {
  const at = messages.findIndex((m) => m.role === 'user' && textsOf(m).some((t) => t.includes(marker)));
  const texts = textsOf(messages[at]);
  if (at < 0 || texts.length !== 1)
    throw new ClideError('io', `no user message of one text with the Stop hook’s reason (${marker})`, {
      hint: JSON.stringify(messages.slice(-4)).slice(0, 2000),
    });
  // The command first: it holds the reason too.
  const template = (s: string) =>
    (command === undefined ? s : s.split(command).join('{command}')).split(marker).join('{reason}');
  const next = messages[at + 1];
  const system = next?.role === 'system' ? textsOf(next).join('') : null;
  if (system !== null && !system.includes(marker))
    throw new ClideError('io', 'the system-role message after a Stop hook’s block lacks its reason', {
      hint: system.slice(0, 2000),
    });
  return {
    feedback: template(texts[0]!),
    asString: typeof messages[at]!.content === 'string',
    system: system === null ? null : template(system),
  };
}

/**
 * The blocks of a plain session's context (`base`, indexes) that a first request after a blocked
 * prompt (`probe`) lacks; it must have the rest, in order, and the same system-role message.
 */
export function spentBlocks(
  base: Pick<ModelSideData['context'], 'userBlocks' | 'systemMessage'>,
  probe: { blocks: string[]; system: string | null },
): number[] {
  const spent: number[] = [];
  let next = 0;
  base.userBlocks.forEach((block, i) => {
    if (probe.blocks[next] === block) next += 1;
    else spent.push(i);
  });
  const system = base.systemMessage?.replace('{notices}', '') ?? null;
  if (next !== probe.blocks.length || probe.system !== system)
    throw new ClideError('io', 'after a blocked prompt the context is not the plain one less some blocks', {
      hint: JSON.stringify(probe).slice(0, 2000),
    });
  return spent;
}

/**
 * Captures the hooks' data from `binary`, given the plain session's context (`base`) and the
 * facts that template a probe's texts (`factsOf`, by its sandbox's root).
 */
export async function captureHooks(
  binary: string,
  base: ModelSideData['context'],
  factsOf: (root: string) => ContextFacts,
): Promise<ModelSideHooks> {
  const firstOf = async (id: string, args: string[]) => {
    const run = await probeRun(binary, id, { model: script([text('Hi.')]), args: { extraArgs: args } });
    return openingOf(run.requests[0]!, factsOf(run.root));
  };
  const output = sessionStartText(
    base,
    await firstOf(
      'session-start-output',
      settings({ SessionStart: commandHook(`echo ${SESSION_START_OUTPUT}`) }),
    ),
    SESSION_START_OUTPUT,
    'output',
  );
  const answer = JSON.stringify({
    hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: SESSION_START_CONTEXT },
  });
  const context = sessionStartText(
    base,
    await firstOf('session-start-context', settings({ SessionStart: commandHook(`echo '${answer}'`) })),
    SESSION_START_CONTEXT,
    'context',
  );
  if (output.placement !== context.placement || output.at !== context.at)
    throw new ClideError('io', 'a SessionStart hook’s output and its context go in different places', {
      hint: JSON.stringify({ output, context }),
    });
  const postToolUse = async (budget: boolean) => {
    const run = await probeRun(binary, budget ? 'post-tool-use-budget' : 'post-tool-use', {
      model: script(
        [toolUse('toolu_capture_write', 'Write', { file_path: 'a.txt', content: 'a\n' })],
        [text('Hi.')],
      ),
      args: { extraArgs: budget ? ['--max-budget-usd', CAPTURE_BUDGET] : [] },
      handlers: {
        can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }),
        hook_callback: () => ({
          hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: POST_TOOL_USE_CONTEXT },
        }),
      },
      async drive(ctx) {
        await ctx.session.request({
          subtype: 'initialize',
          hooks: { PostToolUse: [{ matcher: 'Write', hookCallbackIds: ['capture_post'] }] },
        });
        await turn(ctx, PROMPT);
      },
    });
    const after = run.requests[1];
    if (!after) throw new ClideError('io', 'no request after the PostToolUse probe’s tool ran');
    return postToolUseText(messagesOf(after), POST_TOOL_USE_CONTEXT);
  };
  const post = await postToolUse(false);
  let joiner = '';
  if (post.placement === 'system-message') {
    const withBudget = await postToolUse(true);
    if (withBudget.placement !== 'system-message' || withBudget.system === undefined)
      throw new ClideError('io', 'with a budget, the PostToolUse hook’s context is elsewhere');
    joiner = noticeJoiner(withBudget.system, post.system!);
  }

  // The block's messages as a later request has them (a tool call after it: they are not last).
  const stop = async (byCommand: boolean) => {
    const run = await probeRun(binary, byCommand ? 'stop-command' : 'stop-callback', {
      model: script(
        [text('Done.')],
        [toolUse('toolu_capture_read', 'Read', { file_path: 'missing.txt' })],
        [text('Done, twice.')],
      ),
      args: { extraArgs: byCommand ? settings({ Stop: commandHook(STOP_COMMAND) }) : [] },
      handlers: {
        hook_callback: (req) =>
          isRecord(req.input) && req.input.stop_hook_active === false
            ? { decision: 'block', reason: STOP_REASON }
            : {},
      },
      async drive(ctx) {
        await ctx.session.request({
          subtype: 'initialize',
          hooks: byCommand ? {} : { Stop: [{ hookCallbackIds: ['capture_stop'] }] },
        });
        await turn(ctx, PROMPT);
      },
    });
    const later = run.requests[2];
    if (!later) throw new ClideError('io', 'no third request in the Stop hook probe');
    return stopMessages(messagesOf(later), STOP_REASON, byCommand ? STOP_COMMAND : undefined);
  };
  const byCallback = await stop(false);
  const byCommand = await stop(true);
  if (byCallback.feedback !== byCommand.feedback || byCallback.asString !== byCommand.asString)
    throw new ClideError(
      'io',
      'a Stop hook callback’s block and a command hook’s reach the model differently',
      {
        hint: JSON.stringify({ byCallback, byCommand }),
      },
    );

  const blocked = await probeRun(binary, 'blocked-prompt', {
    model: script([text('Hi.')]),
    handlers: {
      hook_callback: (req) =>
        isRecord(req.input) && req.input.prompt === BLOCKED_PROMPT
          ? { decision: 'block', reason: 'No.' }
          : {},
    },
    async drive(ctx) {
      await ctx.session.request({
        subtype: 'initialize',
        hooks: { UserPromptSubmit: [{ hookCallbackIds: ['capture_prompt'] }] },
      });
      await turn(ctx, BLOCKED_PROMPT);
      await turn(ctx, PROMPT);
    },
  });
  const spentByBlockedPrompt = spentBlocks(base, openingOf(blocked.requests[0]!, factsOf(blocked.root)));

  return {
    spentByBlockedPrompt,
    stop: {
      feedback: byCallback.feedback,
      asString: byCallback.asString,
      callback: byCallback.system,
      command: byCommand.system,
    },
    postToolUse: { placement: post.placement, template: post.template, joiner },
    sessionStart: {
      placement: output.placement,
      at: output.at,
      output: output.template,
      context: context.template,
    },
  };
}
