import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { turn } from '../../scenarios/expect.js';
import { script, text } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario, ScenarioContext } from '../../scenarios/scenario.js';
import { isRecord } from '../../util/json.js';
import type { ModelSideHooks } from '../model-side/hooks.js';
import type { ModelSideData } from '../model-side/types.js';
import { addedText, type ContextFacts, contextOf, contextTemplate } from './model-side-context.js';

/**
 * What a claude binary sends the model for hooks (`ModelSideData['hooks']`), captured by driving it
 * offline with hooks that say something known (a marker) and finding the marker in its requests:
 *
 * - SessionStart command hooks (`--settings`): where their output, and a JSON answer's
 *   additionalContext, go in the first request, compared with a plain session's (`base`).
 */

type Json = Record<string, unknown>;

const PROMPT = 'Say hi.';
const SESSION_START_OUTPUT = 'clide-capture-session-start-output';
const SESSION_START_CONTEXT = 'clide-capture-session-start-context';
const SESSION_START_HOOK = 'SessionStart:startup';

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
  return {
    sessionStart: {
      placement: output.placement,
      at: output.at,
      output: output.template,
      context: context.template,
    },
  };
}
