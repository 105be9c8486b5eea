/**
 * Observational stdout messages with their own top-level `type` (not `system`): tool progress,
 * auth status, tool-use summaries, prompt suggestions and transcript mirroring.
 */
import { z } from 'zod';
import { envelopeIds } from './common.js';

export const toolProgress = z.looseObject({
  type: z.literal('tool_progress'),
  tool_use_id: z.string(),
  tool_name: z.string(),
  parent_tool_use_id: z.string().nullable(),
  elapsed_time_seconds: z.number(),
  task_id: z.string().optional(),
  ...envelopeIds,
});

export const authStatus = z.looseObject({
  type: z.literal('auth_status'),
  isAuthenticating: z.boolean(),
  output: z.array(z.string()),
  error: z.string().optional(),
  ...envelopeIds,
});

export const toolUseSummary = z.looseObject({
  type: z.literal('tool_use_summary'),
  summary: z.string(),
  preceding_tool_use_ids: z.array(z.string()),
  ...envelopeIds,
});

export const promptSuggestion = z.looseObject({
  type: z.literal('prompt_suggestion'),
  suggestion: z.string(),
  ...envelopeIds,
});

export const transcriptMirror = z.looseObject({
  type: z.literal('transcript_mirror'),
  filePath: z.string(),
  entries: z.array(z.unknown()),
});
