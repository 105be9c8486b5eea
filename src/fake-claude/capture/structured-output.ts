import { ClideError } from '../../errors/index.js';
import { get, toolResults, toolResultText } from '../../scenarios/expect.js';
import { script, text, toolUse } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import type { StructuredOutputData } from '../scripted/structured-output/types.js';
import { compileOutputSchema } from '../scripted/structured-output/validate.js';

type Json = Record<string, unknown>;

/** The schema, the output that matches it and the one that does not, of both capture sessions. */
const SCHEMA = { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] };
const GOOD = { answer: 42 };
const BAD = { answer: 'many' };
/** More rejected outputs than any version allows. */
const BAD_CALLS = 8;

interface Captured {
  messages: Json[];
  requests: Json[];
}

function probe(id: string, turns: Json[][], out: Captured): Scenario {
  return {
    id: `capture/structured-output/${id}`,
    requirement: 'capture',
    spec: 'capture',
    tier: 'model',
    model: script(...turns),
    args: { extraArgs: ['--json-schema', JSON.stringify(SCHEMA)] },
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      ctx.session.sendUser('What is the answer?');
      await ctx.session.waitForResult();
      out.messages = ctx.session.messages();
      out.requests = ctx
        .modelRequests()
        .filter((r) => r.kind === 'conversation')
        .map((r) => r.body as Json);
    },
  };
}

async function run(binary: string, id: string, turns: Json[][]): Promise<Captured & { result: Json }> {
  const out: Captured = { messages: [], requests: [] };
  const scenarioRun = await runScenario(probe(id, turns, out), { binary });
  const result = out.messages.find((m) => m.type === 'result');
  if (!result) {
    throw new ClideError('io', `capturing structured output (${id}) from ${binary} failed`, {
      where: binary,
      hint: scenarioRun.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
    });
  }
  return { ...out, result };
}

/** `text` with `value` replaced by `{name}`; fails when `value` is not in it. */
function template(text: string, value: string, name: string): string {
  if (!text.includes(value)) {
    throw new ClideError('io', `capturing structured output: "${value}" is not in "${text}"`, {
      hint: 'the CLI words it differently now: update src/fake-claude/scripted/structured-output/',
    });
  }
  return text.replace(value, `{${name}}`);
}

/** The error of a turn out of attempts: `{attempts}`, and `{error}` where it quotes the last rejection. */
function exhaustedTemplate(text: string, last: string, attempts: number): string {
  const quoted = last !== '' && text.includes(last) ? text.replace(last, '{error}') : text;
  return template(quoted, String(attempts), 'attempts');
}

function before(list: string[], name: string): string {
  return list[list.indexOf(name) - 1] ?? '';
}

/**
 * What the real CLI at `binary` does with `--json-schema`: a session whose model returns a
 * matching output through the StructuredOutput tool, and one whose model keeps returning one that
 * does not match.
 */
export async function captureStructuredOutput(binary: string): Promise<StructuredOutputData> {
  const name = 'StructuredOutput';
  const good = await run(binary, 'accepted', [
    [text('Computing.'), toolUse('toolu_01Output', name, GOOD)],
    [text('Done.')],
  ]);
  const bad = await run(
    binary,
    'rejected',
    Array.from({ length: BAD_CALLS }, (_, i) => [toolUse(`toolu_01Rejected${i}`, name, BAD)]),
  );
  const tools = (good.requests[0]?.tools ?? []) as Json[];
  const tool = tools.find((t) => t.name === name);
  const init = good.messages.find((m) => m.type === 'system' && m.subtype === 'init');
  if (!tool || !init)
    throw new ClideError('io', `capturing structured output: ${binary} offers no ${name} tool`);
  const invalid = toolResults(bad.messages).map((b) => toolResultText(b));
  const last = invalid.at(-1) ?? '';
  const errors = (await compileOutputSchema(SCHEMA))(BAD) ?? '';
  const attempts = invalid.length;
  const resultKeys = Object.keys(good.result);
  const usage = get(bad.result, 'usage', 'output_tokens');
  const modelUsage = Object.values((bad.result.modelUsage ?? {}) as Record<string, Json>).reduce(
    (sum, entry) => sum + Number(entry.outputTokens ?? 0),
    0,
  );
  return {
    tool: { name, description: String(tool.description) },
    initToolAfter: before(init.tools as string[], name),
    apiToolAfter: before(
      tools.map((t) => String(t.name)),
      name,
    ),
    acceptedText: toolResultText(toolResults(good.messages)[0]),
    invalidText: template(last, errors, 'errors'),
    endsTurn: good.requests.length === 1,
    resultText: good.result.result === JSON.stringify(GOOD) ? 'output-json' : 'last-text',
    structuredOutputAfter: before(resultKeys, 'structured_output'),
    maxAttempts: attempts,
    exhaustedError: exhaustedTemplate(String((bad.result.errors as unknown[])[0]), last, attempts),
    exhaustedTerminalReason:
      typeof bad.result.terminal_reason === 'string' ? bad.result.terminal_reason : null,
    exhaustedUsageCountsLastCall: usage === modelUsage,
  };
}
