import { get, turn } from '../expect.js';
import { script, text } from '../model.js';
import type { Scenario } from '../scenario.js';

export const turnScenarios: Scenario[] = [
  {
    id: 'turn/plain',
    requirement: 'a plain prompt yields system/init, the assistant text and result/success with that text',
    spec: '§0, §1 output event stream',
    tier: 'model',
    model: script([text('Hello from the scripted model.')]),
    async drive(ctx) {
      const result = await turn(ctx, 'Say hello.');
      const msgs = ctx.session.messages();
      const init = msgs.find((m) => m.type === 'system' && m.subtype === 'init');
      ctx.check(init !== undefined, 'init/missing', 'system/init is emitted for the turn');
      for (const key of ['session_id', 'cwd', 'model', 'permissionMode', 'tools', 'claude_code_version']) {
        ctx.check(init !== undefined && key in init, 'init/field', `system/init carries ${key}`, {
          path: [key],
        });
      }
      const assistant = msgs.find((m) => m.type === 'assistant');
      ctx.checkEqual(
        get(assistant, 'message', 'content', 0),
        { type: 'text', text: 'Hello from the scripted model.' },
        'assistant/content',
        'the assistant message carries the model text',
        ['message', 'content', 0],
      );
      ctx.checkEqual(
        result.result,
        'Hello from the scripted model.',
        'result/text',
        'result carries the final text',
        ['result'],
      );
      ctx.checkEqual(result.is_error, false, 'result/is-error', 'the result is not an error', ['is_error']);
    },
  },
  {
    id: 'turn/partial-messages',
    requirement:
      'with --include-partial-messages, stream_event wraps message_start … message_stop and the assistant message still arrives',
    spec: '§1 stream_event',
    tier: 'model',
    model: script([text('Streaming in pieces, one delta at a time.')]),
    args: { includePartialMessages: true },
    async drive(ctx) {
      await turn(ctx, 'Stream something.');
      const msgs = ctx.session.messages();
      const kinds = msgs.filter((m) => m.type === 'stream_event').map((m) => get(m, 'event', 'type'));
      for (const kind of [
        'message_start',
        'content_block_start',
        'content_block_delta',
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]) {
        ctx.check(kinds.includes(kind), 'stream-event/missing', `a ${kind} stream_event arrives`, {
          expected: kind,
          actual: kinds,
        });
      }
      const deltas = msgs
        .filter((m) => get(m, 'event', 'type') === 'content_block_delta')
        .map((m) => get(m, 'event', 'delta', 'text'))
        .join('');
      ctx.checkEqual(
        deltas,
        'Streaming in pieces, one delta at a time.',
        'stream-event/text',
        'the text deltas add up to the text',
      );
      ctx.check(
        msgs.some((m) => m.type === 'assistant'),
        'assistant/missing',
        'the full assistant message still arrives',
      );
    },
  },
];
