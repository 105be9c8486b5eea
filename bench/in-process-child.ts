/**
 * Helper process of the in-process benchmark (`node dist/bench/in-process-child.js <sessions>
 * [per-test|shared]`): one test file's worth of in-process fake sessions, from a cold start. Each
 * session is what one test does — `fakeClaude()`, one `query()` through the Agent SDK with
 * `fake.sdkOptions` to its `result`, `close()` (`per-test`); or one fake for the whole file
 * (`shared`). Prints one JSON line: the process's whole wall time (from its start: imports
 * included), and each session's parts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { fakeClaude } from '../src/fake-claude/index.js';
import type { ModelScript } from '../src/model-api/model-script.js';

/** The one text turn of the one-turn benchmark (`ONE_TURN_SCRIPT`, not imported: it would load the bench's driver too). */
const ONE_TURN_SCRIPT: ModelScript = {
  version: 1,
  description: 'clide-conformance benchmark: one text turn',
  turns: [{ blocks: [{ type: 'text', text: 'Hello from the benchmark.' }] }],
};

export interface InProcessLoopResult {
  /** Process start → all sessions done, ms (includes loading Node, the SDK and the kit). */
  totalMs: number;
  /** `query()` → iterator done, per session, ms. */
  sessionMs: number[];
  /** `fakeClaude()`, per session, ms. */
  setupMs: number[];
  /** `close()`, per session, ms. */
  closeMs: number[];
  failures: string[];
}

async function main(sessions: number, shared: boolean): Promise<InProcessLoopResult> {
  const cwd = mkdtempSync(join(tmpdir(), 'clide-bench-inproc-'));
  const out: InProcessLoopResult = { totalMs: 0, sessionMs: [], setupMs: [], closeMs: [], failures: [] };
  const fileFake = shared ? await fakeClaude({ scenario: ONE_TURN_SCRIPT }) : undefined;
  try {
    for (let i = 0; i < sessions; i += 1) {
      const t0 = performance.now();
      const fake = fileFake ?? (await fakeClaude({ scenario: ONE_TURN_SCRIPT }));
      const t1 = performance.now();
      let result: unknown;
      try {
        for await (const message of query({
          prompt: 'Say hello.',
          options: { ...fake.sdkOptions, cwd, settingSources: [] },
        })) {
          if (message.type === 'result') result = message.subtype;
        }
        if (result !== 'success') out.failures.push(`session ${i}: result ${String(result)}`);
      } catch (error) {
        out.failures.push(`session ${i}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const t2 = performance.now();
      if (!fileFake) await fake.close();
      const t3 = performance.now();
      out.setupMs.push(t1 - t0);
      out.sessionMs.push(t2 - t1);
      out.closeMs.push(t3 - t2);
    }
  } finally {
    await fileFake?.close();
    rmSync(cwd, { recursive: true, force: true });
  }
  // performance.now() counts from the process's start.
  out.totalMs = performance.now();
  return out;
}

const result = await main(Number(process.argv[2] ?? 100), process.argv[3] === 'shared');
process.stdout.write(`${JSON.stringify(result)}\n`);
