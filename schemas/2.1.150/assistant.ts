/**
 * `type: "assistant"`: one line per content block, several lines sharing one `message.id`
 * (a text block, then a tool_use block, ...). Subagent output carries `parent_tool_use_id`.
 */
import { z } from 'zod';
import { assistantMessageError, envelopeIds } from './common.js';
import { anthropicMessage } from './content.js';

export const assistantMessage = z.looseObject({
  type: z.literal('assistant'),
  message: anthropicMessage,
  parent_tool_use_id: z.string().nullable(),
  error: assistantMessageError.optional(),
  request_id: z.string().optional(),
  subagent_type: z.string().optional(),
  task_description: z.string().optional(),
  ...envelopeIds,
});
