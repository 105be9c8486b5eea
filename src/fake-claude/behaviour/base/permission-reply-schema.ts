import * as z from 'zod/mini';
import '../../../util/zod-english.js';

/**
 * The schema 2.1.150 checks a `can_use_tool` reply against, rebuilt with zod 4 (`zod/mini`: the
 * same core, issues and message as the classic API, loaded only when a reply is malformed).
 */
const PermissionReply = z.union([
  z.object({
    behavior: z.literal('allow'),
    updatedInput: z.record(z.string(), z.unknown()),
    updatedPermissions: z.optional(z.array(z.unknown())),
    toolUseID: z.optional(z.string()),
  }),
  z.object({
    behavior: z.literal('deny'),
    message: z.string(),
    interrupt: z.optional(z.boolean()),
    toolUseID: z.optional(z.string()),
  }),
]);

/** zod's error message for `reply` (its issues as indented JSON), or undefined when it is valid. */
export function permissionReplyZodError(reply: unknown): string | undefined {
  const parsed = z.safeParse(PermissionReply, reply);
  return parsed.success ? undefined : parsed.error.message;
}
