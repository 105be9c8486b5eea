import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  buildMessage,
  buildStreamEvents,
  DEFAULT_THINKING_SIGNATURE,
  encodeSseEvent,
  replyForRequest,
  splitIntoPieces,
  stopReasonOf,
} from './message-reply.js';
import type { ReplyTurn } from './model-script.js';

const context = { responseNumber: 3, model: 'claude-test' };

describe('splitIntoPieces', () => {
  test.prop([fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 6 })])(
    'cuts a text into at most N non-empty pieces that join back to it',
    (text, pieces) => {
      const parts = splitIntoPieces(text, pieces);
      expect(parts.join('')).toBe(text);
      expect(parts.length).toBeLessThanOrEqual(pieces);
      if (text.length > 0) expect(parts.every((part) => part.length > 0)).toBe(true);
    },
  );

  it('streams a sentence as several deltas cut after spaces', () => {
    expect(splitIntoPieces('Hello partial world, this is a longer text.')).toEqual([
      'Hello partial ',
      'world, this is ',
      'a longer text.',
    ]);
  });
});

describe('buildMessage', () => {
  it('derives the stop reason from the blocks unless the script names one', () => {
    expect(stopReasonOf({ blocks: [{ type: 'text', text: 'a' }] })).toBe('end_turn');
    expect(stopReasonOf({ blocks: [{ type: 'tool_use', name: 'W', input: {} }] })).toBe('tool_use');
    expect(stopReasonOf({ blocks: [{ type: 'text', text: 'a' }], stopReason: 'max_tokens' })).toBe(
      'max_tokens',
    );
  });

  it('gives tool uses without an id a deterministic id and thinking a default signature', () => {
    const turn: ReplyTurn = {
      blocks: [
        { type: 'thinking', thinking: 't' },
        { type: 'tool_use', name: 'Write', input: { a: 1 } },
        { type: 'tool_use', id: 'toolu_given', name: 'Bash', input: {} },
      ],
    };
    const message = buildMessage(turn, context);
    expect(message.id).toBe('msg_clide_0003');
    expect(message.model).toBe('claude-test');
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 't', signature: DEFAULT_THINKING_SIGNATURE },
      { type: 'tool_use', id: 'toolu_clide_3_2', name: 'Write', input: { a: 1 } },
      { type: 'tool_use', id: 'toolu_given', name: 'Bash', input: {} },
    ]);
    expect(buildMessage(turn, context)).toEqual(message);
  });

  it('uses the scripted usage and fills the rest', () => {
    const message = buildMessage(
      { blocks: [{ type: 'text', text: 'abcdefgh' }], usage: { input_tokens: 42 } },
      context,
    );
    expect(message.usage).toEqual({
      input_tokens: 42,
      output_tokens: 2,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
  });
});

describe('buildStreamEvents', () => {
  const turn: ReplyTurn = {
    blocks: [
      { type: 'thinking', thinking: 'think about it', signature: 's' },
      { type: 'text', text: 'some words to stream' },
      { type: 'tool_use', name: 'Write', input: { file_path: '/x', content: 'y' } },
    ],
  };
  const events = buildStreamEvents(turn, context);

  it('names every event after its data type', () => {
    for (const event of events) expect(event.event).toBe(event.data.type);
  });

  it('follows the Messages API event order', () => {
    const kinds = events.map((event) => event.event).filter((name) => name !== 'content_block_delta');
    expect(kinds).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_stop',
      'content_block_start',
      'content_block_stop',
      'content_block_start',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it('streams the tool input as input_json_delta pieces that join to its JSON', () => {
    const pieces = events
      .filter((event) => event.event === 'content_block_delta' && event.data.index === 2)
      .map((event) => (event.data.delta as { type: string; partial_json: string }).partial_json);
    expect(pieces.length).toBeGreaterThan(1);
    expect(JSON.parse(pieces.join(''))).toEqual({ file_path: '/x', content: 'y' });
  });

  it('sends the thinking signature as a signature_delta', () => {
    const deltas = events.filter((event) => event.event === 'content_block_delta' && event.data.index === 0);
    expect(deltas.at(-1)?.data.delta).toEqual({ type: 'signature_delta', signature: 's' });
  });

  it('encodes an event as an event line, a data line and a blank line', () => {
    expect(encodeSseEvent({ event: 'message_stop', data: { type: 'message_stop' } })).toBe(
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
  });
});

describe('replyForRequest', () => {
  const handback = { type: 'tool_use' as const, name: 'SubagentHandback', input: { message: 'done' } };
  const turn: ReplyTurn = {
    blocks: [{ type: 'text', text: 'done' }],
    usage: { input_tokens: 7 },
    whenToolOffered: { Missing: [{ type: 'text', text: 'never' }], SubagentHandback: [handback] },
  };
  const offering = (...names: string[]) => ({ tools: names.map((name) => ({ name, input_schema: {} })) });

  it('answers the blocks of the first tool named that the request offers, the rest of the turn kept', () => {
    const reply = replyForRequest(turn, offering('Bash', 'SubagentHandback'));
    expect(reply.blocks).toEqual([handback]);
    expect(reply.usage).toEqual({ input_tokens: 7 });
    expect(stopReasonOf(reply)).toBe('tool_use');
  });

  it('answers the turn itself when no tool named is offered, or the request has no tools', () => {
    for (const body of [offering('Bash'), offering(), {}, undefined, { tools: 'SubagentHandback' }]) {
      expect(replyForRequest(turn, body)).toBe(turn);
    }
  });
});
