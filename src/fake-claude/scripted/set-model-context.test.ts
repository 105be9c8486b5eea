import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, sandboxEnv } from '../../driver/index.js';
import { startModelApi } from '../../model-api/index.js';
import { script, text } from '../../scenarios/index.js';
import { LOCAL_COMMAND_CAVEAT, localCommandText } from '../behaviour/base/local-command.js';
import { FakeClaudeProcess } from '../in-process.js';
import { modelSideData } from '../model-side/index.js';
import { countTokens, estimate } from '../usage/context-usage.js';
import { capturedModel, usageData } from '../usage/index.js';

/**
 * A session of the fake emulating 2.1.150 as the Agent SDK starts it (an empty system prompt)
 * that changes its model with `set_model`: the `/model` command's messages are kept in the
 * conversation (counted by get_context_usage before any turn, joined to the next prompt), and
 * get_context_usage on the new model is computed as on the default one (its counts are the
 * default model's but for its id), with the skills as estimated on that model.
 */

type Json = Record<string, unknown>;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function session(version: string, ownPrompt = false) {
  // Under /tmp, where the captures' sandboxes were: some answers compared here are captured ones,
  // whose paths have the capture's lengths (docs/fake-claude-differences.md, get_context_usage).
  const sandbox = createSandbox({ parent: '/tmp' });
  cleanups.push(() => sandbox.dispose());
  const api = await startModelApi({ script: script([text('Done.')], [text('Done again.')]) });
  cleanups.push(() => api.close());
  const fake = new FakeClaudeProcess({
    command: 'claude',
    args: [
      ...['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
      ...(ownPrompt ? [] : ['--system-prompt', '']),
    ],
    cwd: sandbox.cwd,
    env: { ...sandboxEnv({ sandbox, modelApiUrl: api.url }), CLIDE_FAKE_VERSION: version },
  });
  cleanups.push(() => {
    fake.kill();
  });
  const out: Json[] = [];
  let buffered = '';
  fake.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) out.push(JSON.parse(line) as Json);
  });
  const waitFor = async (match: (m: Json) => boolean): Promise<Json> => {
    for (let waited = 0; waited < 20_000; waited += 20) {
      const found = out.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no such message');
  };
  let id = 0;
  const request = async (body: Json): Promise<Json> => {
    const requestId = `req-${++id}`;
    fake.stdin.write(
      `${JSON.stringify({ type: 'control_request', request_id: requestId, request: body })}\n`,
    );
    const reply = await waitFor(
      (m) => m.type === 'control_response' && (m.response as Json).request_id === requestId,
    );
    return (reply.response as Json).response as Json;
  };
  const prompt = async (content: string) => {
    const results = out.filter((m) => m.type === 'result').length;
    fake.stdin.write(
      `${JSON.stringify({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' })}\n`,
    );
    await waitFor(
      (m) => m.type === 'result' && out.filter((r) => r.type === 'result').indexOf(m) === results,
    );
  };
  return { api, out, request, prompt };
}

const tokensOf = (answer: Json, name: string) =>
  ((answer.categories as Json[]).find((c) => c.name === name)?.tokens as number | undefined) ?? 0;

describe("2.1.150's set_model in an Agent-SDK-shaped session", () => {
  it('keeps the /model messages, counts them and answers get_context_usage on the new model as computed', async () => {
    const { api, out, request, prompt } = await session('2.1.150');
    await request({ subtype: 'initialize', hooks: {} });
    await request({ subtype: 'set_model', model: 'claude-haiku-4-5' });
    const stdout = '<local-command-stdout>Set model to claude-haiku-4-5</local-command-stdout>';
    expect(out.find((m) => m.type === 'user' && m.isReplay)).toMatchObject({ message: { content: stdout } });
    // Not a model change: no notice, nothing kept.
    await request({ subtype: 'set_model', model: 'claude-haiku-4-5' });
    expect(out.filter((m) => m.type === 'user' && m.isReplay)).toHaveLength(1);

    const answer = await request({ subtype: 'get_context_usage' });
    const kept = [LOCAL_COMMAND_CAVEAT, localCommandText('model', 'claude-haiku-4-5'), stdout];
    const conversation = {
      model: 'claude-haiku-4-5',
      messages: [
        {
          role: 'user',
          content: kept.map((t, i) => ({ type: 'text', text: i < kept.length - 1 ? `${t}\n` : t })),
        },
      ],
      tools: [],
    };
    const haiku = usageData('2.1.150')!.models['claude-haiku-4-5']!.context!;
    expect(answer.model).toBe('claude-haiku-4-5');
    expect(tokensOf(answer, 'Messages')).toBe(countTokens(conversation));
    expect(tokensOf(answer, 'System prompt')).toBe(0);
    expect(answer.skills).toEqual(haiku.skills);
    expect(tokensOf(answer, 'Skills')).toBe(haiku.skills!.tokens);
    expect((answer.messageBreakdown as Json).userMessageTokens).toBe(
      kept.reduce((s, t) => s + Math.round(t.length / 4), 0),
    );
    // The counts go to the API (after the answer): the conversation's among them.
    const counted = () => api.requests.filter((r) => r.kind === 'count_tokens').map((r) => r.body);
    for (let waited = 0; counted().length < 6 && waited < 10_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    expect(counted()).toContainEqual(conversation);

    // The next prompt joins them: the model sees them after the context, before the prompt.
    await prompt('Hi.');
    const first = (api.requests.find((r) => r.kind === 'conversation')!.body as Json).messages as Json[];
    const texts = (first[0]!.content as Json[]).map((b) => b.text);
    expect(texts.slice(-4)).toEqual([`${kept[0]}\n`, `${kept[1]}\n`, `${kept[2]}\n`, 'Hi.']);
  });

  it('names an alias with the model it stands for, and default as the model it is', async () => {
    const { out, request } = await session('2.1.150');
    await request({ subtype: 'initialize', hooks: {} });
    await request({ subtype: 'set_model', model: 'sonnet' });
    await request({ subtype: 'set_model' });
    expect(
      out.filter((m) => m.type === 'user' && m.isReplay).map((m) => (m.message as Json).content),
    ).toEqual([
      '<local-command-stdout>Set model to sonnet (claude-sonnet-4-6)</local-command-stdout>',
      '<local-command-stdout>Set model to claude-opus-4-7[1m]</local-command-stdout>',
    ]);
  });

  it("computes a model with a prompt of its own (sonnet's) with an empty system prompt only", async () => {
    const sonnet = usageData('2.1.150')!.models['claude-sonnet-4-6']!.context!;
    const sdk = await session('2.1.150');
    await sdk.request({ subtype: 'initialize', hooks: {} });
    await sdk.request({ subtype: 'set_model', model: 'sonnet' });
    const computed = await sdk.request({ subtype: 'get_context_usage' });
    expect(computed.model).toBe('claude-sonnet-4-6');
    expect(tokensOf(computed, 'Skills')).toBe(sonnet.skills!.tokens);
    // The CLI's own prompt on that model: its sections were not captured, the fresh answer's figures.
    const own = await session('2.1.150', true);
    await own.request({ subtype: 'initialize', hooks: {} });
    const fresh = await own.request({ subtype: 'get_context_usage' });
    await own.request({ subtype: 'set_model', model: 'sonnet' });
    const other = await own.request({ subtype: 'get_context_usage' });
    expect(tokensOf(other, 'System prompt')).toBe(tokensOf(fresh, 'System prompt'));
    expect(tokensOf(other, 'Messages')).toBe(tokensOf(fresh, 'Messages'));
  });

  it('2.1.332 keeps and replays them once the conversation holds a message, the model in backticks', async () => {
    const { api, out, request, prompt } = await session('2.1.332');
    await request({ subtype: 'initialize', hooks: {} });
    // Before the first prompt: nothing replayed, nothing kept (as control/set-model checks).
    await request({ subtype: 'set_model', model: 'claude-haiku-4-5' });
    expect(out.filter((m) => m.type === 'user')).toEqual([]);
    await prompt('Hi.');
    await request({ subtype: 'set_model', model: 'sonnet' });
    const stdout = '<local-command-stdout>Set model to `sonnet (claude-sonnet-5-5)`</local-command-stdout>';
    expect(
      out.filter((m) => m.type === 'user' && m.isReplay).map((m) => (m.message as Json).content),
    ).toEqual([stdout]);
    const first = (api.requests.find((r) => r.kind === 'conversation')!.body as Json).messages as Json[];
    expect(JSON.stringify(first)).not.toContain('local-command');
    await prompt('Again.');
    const later = (api.requests.filter((r) => r.kind === 'conversation').at(-1)!.body as Json)
      .messages as Json[];
    const texts = (later.findLast((m) => m.role === 'user')!.content as Json[]).map((b) => b.text);
    expect(texts).toEqual([
      expect.stringMatching(
        /^<local-command-caveat>The command below was run directly in Claude Code, .*<\/local-command-caveat>\n$/,
      ),
      `${localCommandText('model', 'sonnet')}\n`,
      `${stdout}\n`,
      'Again.',
    ]);
  });

  it("2.1.150 describes the session's tools for the model of their first use, and keeps them", async () => {
    // Bash's commit trailer names the model it was described for.
    const trailer = (tools: unknown) => {
      const bash = ((tools ?? []) as Json[]).find((t) => t.name === 'Bash');
      return bash ? /Co-Authored-By: ([^<]*)</.exec(String(bash.description))?.[1] : undefined;
    };
    const used = (api: Awaited<ReturnType<typeof session>>['api']) =>
      api.requests.map((r) => trailer((r.body as Json | undefined)?.tools)).filter((t) => t !== undefined);
    // First counted on the default model: a later model's request keeps its description.
    const first = await session('2.1.150');
    await first.request({ subtype: 'initialize', hooks: {} });
    await first.request({ subtype: 'get_context_usage' });
    await first.request({ subtype: 'set_model', model: 'sonnet' });
    await first.prompt('Hi.');
    expect(new Set(used(first.api))).toEqual(new Set(['Claude Opus 4.7 (1M context) ']));
    // First used on sonnet: counted and sent so, on the default model too.
    const later = await session('2.1.150');
    await later.request({ subtype: 'initialize', hooks: {} });
    await later.request({ subtype: 'set_model', model: 'sonnet' });
    await later.request({ subtype: 'get_context_usage' });
    await later.request({ subtype: 'set_model' });
    await later.prompt('Hi.');
    expect(new Set(used(later.api))).toEqual(new Set(['Claude Sonnet 4.6 ']));
  });

  it("2.1.332 counts the tools as described for the session's model until a request records them", async () => {
    const counted = (api: Awaited<ReturnType<typeof session>>['api'], from: number) =>
      api.requests
        .slice(from)
        .filter((r) => r.kind === 'count_tokens')
        .map((r) => ((r.body as Json).tools ?? []) as Json[]);
    const described = (sets: Json[][], name: string) => sets.flat().find((t) => t.name === name)?.description;
    const haiku = modelSideData('2.1.332').variants.find((v) => v.when.model === 'claude-haiku-4-5');
    const own = haiku?.contextCounts?.tools ?? {};
    const s = await session('2.1.332');
    await s.request({ subtype: 'initialize', hooks: {} });
    // Counted on the default model first: that fixes nothing.
    await s.request({ subtype: 'get_context_usage' });
    await s.request({ subtype: 'set_model', model: 'claude-haiku-4-5' });
    const from = s.api.requests.length;
    await s.request({ subtype: 'get_context_usage' });
    const summary = await s.request({ subtype: 'get_context_usage', detail: 'summary' });
    await s.prompt('Hi.');
    const onHaiku = counted(s.api, from);
    // Its own definitions, and the tools only it has (the Task tools), each counted alone.
    expect(described(onHaiku, 'Agent')).toBe(own.Agent?.description);
    expect(onHaiku.some((tools) => tools.length === 1 && tools[0]?.name === 'TaskCreate')).toBe(true);
    // The summary estimates what the counts asked, at the model's characters a token.
    const facts = capturedModel('2.1.332', 'claude-haiku-4-5')?.context;
    const offered = onHaiku.find((tools) => tools.length > 1) ?? [];
    const overhead = usageData('2.1.332')?.context?.toolOverhead ?? 0;
    expect(facts?.charsPerToken).toBeDefined();
    expect(tokensOf(summary, 'System tools')).toBe(
      estimate(JSON.stringify(offered), facts?.charsPerToken ?? 0) +
        overhead -
        Number((facts?.skills as Json | undefined)?.tokens),
    );
    // After a request on it, another model counts the offered tools as that request sent them,
    // the deferred ones as described for itself.
    const first = s.api.requests.find((r) => r.kind === 'conversation')?.body as Json | undefined;
    const sent = (first?.tools ?? []) as Json[];
    await s.request({ subtype: 'set_model', model: 'sonnet' });
    const later = s.api.requests.length;
    await s.request({ subtype: 'get_context_usage' });
    await s.prompt('Again.');
    const onSonnet = counted(s.api, later);
    expect(described(onSonnet, 'Agent')).toBe(sent.find((t) => t.name === 'Agent')?.description);
    expect(described(onSonnet, 'Agent')).not.toBe(
      modelSideData('2.1.332').contextCounts?.beforeFirstTurn.tools.Agent?.description,
    );
    expect(described(onSonnet, 'WebSearch')).not.toBe(own.WebSearch?.description);
    expect(onSonnet.some((tools) => tools.some((t) => t.name === 'TaskCreate'))).toBe(false);
  });
});
