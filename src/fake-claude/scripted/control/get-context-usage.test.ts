import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, sandboxEnv } from '../../../driver/index.js';
import { startModelApi } from '../../../model-api/index.js';
import { script, text } from '../../../scenarios/index.js';
import { FakeClaudeProcess } from '../../in-process.js';

/**
 * get_context_usage's token counts come before its answer, as the real CLI sends them (seen on
 * 2.1.150 and 2.1.332: every count request arrived before the answer), so a client that ends the
 * session on the answer loses none of them.
 */

type Json = Record<string, unknown>;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('get_context_usage', () => {
  it.each(['2.1.150', '2.1.332'])('on %s answers once its count requests are answered', async (version) => {
    const sandbox = createSandbox();
    cleanups.push(() => sandbox.dispose());
    const api = await startModelApi({ script: script([text('Done.')]) });
    cleanups.push(() => api.close());
    const fake = new FakeClaudeProcess({
      command: 'claude',
      args: ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
      cwd: sandbox.cwd,
      env: { ...sandboxEnv({ sandbox, modelApiUrl: api.url }), CLIDE_FAKE_VERSION: version },
    });
    cleanups.push(() => {
      fake.kill();
    });
    const counts = () => api.requests.filter((r) => r.kind === 'count_tokens').length;
    let buffered = '';
    let countsAtAnswer: number | undefined;
    const answered = new Promise<void>((resolve) => {
      fake.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const message = line.trim() ? (JSON.parse(line) as Json) : {};
          if (message.type === 'control_response' && (message.response as Json).request_id === 'usage') {
            countsAtAnswer = counts();
            resolve();
          }
        }
      });
    });
    fake.stdin.write(
      `${JSON.stringify({ type: 'control_request', request_id: 'usage', request: { subtype: 'get_context_usage' } })}\n`,
    );
    await answered;
    fake.stdin.end();
    await fake.exited;
    expect(countsAtAnswer).toBeGreaterThan(0);
    expect(countsAtAnswer).toBe(counts());
  });
});
