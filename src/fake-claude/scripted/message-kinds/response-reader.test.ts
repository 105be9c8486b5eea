import { describe, expect, it } from 'vitest';
import { buildStreamEvents } from '../../../model-api/message-reply.js';
import { readResponse } from './response-reader.js';

/** The scripted API's SSE events of a reply, as a model source yields them. */
async function* events(blocks: Array<Record<string, unknown>>): AsyncIterable<Record<string, unknown>> {
  const sse = buildStreamEvents(
    { blocks, usage: { input_tokens: 100, cache_read_input_tokens: 30, output_tokens: 7 } } as never,
    { model: 'claude-test', messageId: 'msg_1', turn: 0 } as never,
  );
  for (const event of sse) yield event.data as Record<string, unknown>;
}

const bash = {
  type: 'tool_use',
  id: 'toolu_1',
  name: 'Bash',
  input: { command: 'echo greeting', description: 'Print greeting' },
};

describe('readResponse: the CLI’s first running estimate of a streamed response', () => {
  // What claude 2.1.324 reported as task_progress total_tokens, less the input (130) and the two
  // block messages' announced output (2 when there is text, else 1), for these first responses.
  it.each([
    ['I will print it.', 1],
    ['a', 4],
    ['abcd', 1],
    ['x'.repeat(40), 3],
    ['x'.repeat(400), 33],
    [undefined, 4],
  ])('text %j before the Bash call: %i', async (text, expected) => {
    const seen: number[] = [];
    const blocks = text === undefined ? [bash] : [{ type: 'text', text }, bash];
    await readResponse(events(blocks), (block, _message, streamed) => {
      if (block.type === 'tool_use') seen.push(streamed);
    });
    expect(seen).toEqual([expected]);
  });
});
