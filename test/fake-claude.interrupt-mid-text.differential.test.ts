import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { emulatedVersions } from '../src/fake-claude/behaviour/index.js';
import { normalizeTranscript } from '../src/fake-claude/fidelity.js';
import { comparedModelRequests } from '../src/fake-claude/model-side-fidelity.js';
import { interruptTurn } from '../src/scenarios/catalogue/interrupt.js';
import { get } from '../src/scenarios/expect.js';
import { runScenario, type Scenario, type ScenarioRun, script, text } from '../src/scenarios/index.js';

/**
 * An interrupt after a reply began streaming text, against the real CLI of every emulated version
 * and the fake emulating it: the text streamed so far comes as an assistant message (no stop
 * reason; 2.1.332 marks it `aborted` and closes the partial stream after the interrupted marker:
 * content_block_stop, a message_delta without a stop reason, a message_stop with
 * `abandoned_blocks`), the next turn's request carries that partial reply. Not in the catalogue:
 * 2.1.332 counts output tokens of its own estimate for the streamed text in `modelUsage`, which
 * the fake does not emulate (docs/fake-claude-differences.md); those counts alone are left out of
 * the comparison here, everything else must be equal.
 */

const FAKE = resolve('bin/fake-claude');

/**
 * A reply of `texts`, one text block each, interrupted once the last block's first text delta
 * arrived: the blocks before it came whole, the last one is cut short.
 */
function midText(texts: string[], chunkDelayMs: number): Scenario {
  const last = texts.length - 1;
  return {
    id: 'interrupt/mid-text',
    requirement:
      'interrupt after a reply began streaming text: the text streamed so far as an assistant message, then the interrupted marker and error_during_execution; the next request carries the partial reply',
    spec: '§2 interrupt',
    tier: 'model',
    // Seconds between the stream's events: the client sees the block's first text delta (with
    // --include-partial-messages) and interrupts long before the next.
    model: script(
      { blocks: texts.map((t) => text(t)), chunkDelayMs },
      { blocks: [text('Picking up where it stopped.')] },
    ),
    args: { includePartialMessages: true },
    async drive(ctx) {
      ctx.session.sendUser('Tell me a long story.');
      const delta = await ctx.session.waitFor(
        (m) =>
          m.type === 'stream_event' &&
          get(m, 'event', 'type') === 'content_block_delta' &&
          get(m, 'event', 'index') === last,
        'the first text delta of the last block',
      );
      const streamed = String(get(delta, 'event', 'delta', 'text') ?? '');
      const result = await interruptTurn(ctx);
      const shown = ctx.session
        .messages()
        .filter((m) => m.type === 'assistant')
        .map((m) => get(m, 'message', 'content'));
      ctx.checkEqual(
        shown,
        [...texts.slice(0, last), streamed].map((t) => [{ type: 'text', text: t }]),
        'assistant/partial',
        'the whole blocks, then the text streamed before the interrupt, each an assistant message',
      );
      ctx.session.sendUser('Go on.');
      await ctx.session.waitFor((m) => m.type === 'result' && m !== result, 'the second result');
      const request = ctx
        .modelRequests()
        .filter((r) => r.kind === 'conversation')
        .at(-1);
      ctx.check(
        JSON.stringify(request?.body ?? '').includes(JSON.stringify(streamed).slice(1, -1)),
        'request/partial-reply',
        'the next request carries the partial reply',
      );
    },
  };
}

const CASES: Array<[string, Scenario]> = [
  [
    'one block cut short',
    midText(['The first words of a reply the client cuts short, and words that never arrive.'], 1_500),
  ],
  [
    'a whole block, then one cut short',
    midText(['Block one is whole.', 'Block two is cut short by the interrupt here.'], 1_000),
  ],
];

/** The normalised transcript without the one known gap: 2.1.332's output tokens of the streamed text. */
function comparable(run: ScenarioRun, version: string): unknown {
  const normal = normalizeTranscript(run.transcript);
  if (version !== '2.1.332') return normal;
  return JSON.parse(JSON.stringify(normal), (key, value) =>
    key === 'outputTokens' ? '<not compared>' : value,
  );
}

describe.each(emulatedVersions())(
  'interrupted mid-text: fake-claude emulating claude %s answers as the real one',
  (version) => {
    it.concurrent.each(CASES)(
      '%s: the partial assistant message, the closed stream, the result, and the next request',
      async (_what, scenario) => {
        const real = inject('claudeBinaries')[version];
        if (!real) throw new Error(`no real claude ${version} (test/global-setup.ts installs it)`);
        const env = { CLIDE_FAKE_VERSION: version };
        const [r, f] = await Promise.all([
          runScenario(scenario, { binary: real, cliVersion: version, env }),
          runScenario(scenario, { binary: FAKE, cliVersion: version, env }),
        ]);
        expect(r.findings.filter((x) => x.severity === 'breaking')).toEqual([]);
        expect(f.findings.filter((x) => x.severity === 'breaking')).toEqual([]);
        expect(comparable(f, version)).toEqual(comparable(r, version));
        const [realRequests, fakeRequests] = comparedModelRequests(r.modelRequests, f.modelRequests);
        expect(fakeRequests).toEqual(realRequests);
      },
      120_000,
    );
  },
);
