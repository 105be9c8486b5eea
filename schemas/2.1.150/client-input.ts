/** Client → CLI lines other than prompts and control traffic. The CLI answers neither. */
import { z } from 'zod';
import { uuid } from './common.js';

/** Runs a shell command as if typed with `!` in the REPL. */
export const bashCommand = z.looseObject({
  type: z.literal('bash_command'),
  command: z.string(),
  cwd: z.string().optional(),
  uuid: uuid.optional(),
  session_id: z.string().optional(),
});

export const updateEnvironmentVariables = z.looseObject({
  type: z.literal('update_environment_variables'),
  variables: z.record(z.string(), z.string()),
});
