import { get, turn } from '../expect.js';
import { script, text } from '../model.js';
import { REPLAY_GAP, type Scenario } from '../scenario.js';

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const contentScenarios: Scenario[] = [
  {
    id: 'content/image-and-document',
    requirement:
      'a user message with a base64 image block and a text document block reaches the model unchanged',
    spec: '§Not done / open: image and file intake over stream-json content blocks',
    tier: 'model',
    replayGaps: { 'content/image': REPLAY_GAP.modelRequest, 'content/document': REPLAY_GAP.modelRequest },
    model: script([text('I see a picture and a document.')]),
    async drive(ctx) {
      const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } };
      const document = {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: 'hello doc' },
        title: 'doc.txt',
      };
      ctx.session.sendUser([{ type: 'text', text: 'What do you see?' }, image, document]);
      const result = await ctx.session.waitForResult();
      ctx.checkEqual(result.subtype, 'success', 'result/subtype', 'the turn succeeds', ['subtype']);
      const messages = (get(ctx.modelRequests().at(-1), 'body', 'messages') ?? []) as Array<{
        role?: string;
        content?: unknown;
      }>;
      // The prompt is the last user message: later CLIs put other messages (role system) after it.
      const prompt = messages.filter((m) => m.role === 'user').at(-1)?.content;
      const blocks = (Array.isArray(prompt) ? prompt : []) as Array<Record<string, unknown>>;
      const strip = (b: Record<string, unknown> | undefined) => {
        if (!b) return b;
        const { cache_control: _ignored, ...rest } = b;
        return rest;
      };
      ctx.checkEqual(
        strip(blocks.find((b) => b.type === 'image')),
        image,
        'content/image',
        'the image block reaches the model unchanged',
      );
      ctx.checkEqual(
        strip(blocks.find((b) => b.type === 'document')),
        document,
        'content/document',
        'the document block reaches the model unchanged',
      );
    },
  },
  {
    id: 'content/replay-user-messages',
    requirement: 'with --replay-user-messages the CLI echoes each user message back with isReplay: true',
    spec: '§0 stream-json does not echo user messages unless --replay-user-messages',
    tier: 'model',
    model: script([text('Echo heard.')]),
    args: { replayUserMessages: true },
    async drive(ctx) {
      await turn(ctx, 'Please echo me.');
      const echo = ctx.session.messages().find((m) => m.type === 'user' && m.isReplay === true);
      ctx.check(echo !== undefined, 'echo/missing', 'the user message is echoed');
      ctx.checkEqual(
        get(echo, 'message', 'content'),
        'Please echo me.',
        'echo/content',
        'the echo carries the sent content',
        ['message', 'content'],
      );
    },
  },
];
