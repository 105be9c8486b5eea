/**
 * `type: "user"` in both directions.
 *
 * From the CLI: (a) tool results, with the tool's structured output in `tool_use_result`;
 * (b) harness-injected messages (skill loads, slash-command expansions, reminders) flagged
 * `isSynthetic: true`; (c) with `--replay-user-messages`, echoes of what the client sent
 * (`isReplay: true`), including local-command output such as `set_model`'s.
 *
 * From the client: a prompt. The CLI accepts it without `parent_tool_use_id`, `uuid` or
 * `session_id` (the binary's schema marks `parent_tool_use_id` required, its reader does not).
 */
import { z } from 'zod';
import { messageOrigin, uuid } from './common.js';
import { userMessageParam } from './content.js';

const userFields = {
  type: z.literal('user'),
  message: userMessageParam,
  isSynthetic: z.boolean().optional(),
  tool_use_result: z.unknown().optional(),
  priority: z.enum(['now', 'next', 'later']).optional(),
  origin: messageOrigin.optional(),
  client_platform: z.string().optional(),
  shouldQuery: z.boolean().optional(),
  timestamp: z.string().optional(),
};

/** A user-role line the CLI writes on stdout (tool result, injected context, or replay). */
export const userMessage = z.looseObject({
  ...userFields,
  parent_tool_use_id: z.string().nullable(),
  uuid: uuid.optional(),
  session_id: z.string().optional(),
  subagent_type: z.string().optional(),
  task_description: z.string().optional(),
  isReplay: z.boolean().optional(),
  file_attachments: z.array(z.unknown()).optional(),
});

/** A prompt the client writes on stdin. */
export const clientUserMessage = z.looseObject({
  ...userFields,
  parent_tool_use_id: z.string().nullable().optional(),
  uuid: uuid.optional(),
  session_id: z.string().optional(),
});
