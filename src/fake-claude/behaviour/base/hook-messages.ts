import type { Json } from '../types.js';

/**
 * The `system/hook_*` messages a command hook's run emits, as both pinned versions (2.1.150,
 * 2.1.332) write them: `hook_started` when it starts, `hook_progress` with its output so far while
 * it runs, `hook_response` when it ends. Field order follows the real messages.
 */

/** Which hook a message is about. */
export interface HookRef {
  hookId: string;
  /** `PreToolUse:Write`, `SessionStart:startup`, `Stop`. */
  hookName: string;
  hookEvent: string;
  sessionId: string;
}

/** What a command hook wrote: stdout, stderr, and both in the order they came (`output`). */
export interface HookOutput {
  stdout: string;
  stderr: string;
  output: string;
}

export function hookStartedMessage(ref: HookRef, uuid: string): Json {
  return {
    type: 'system',
    subtype: 'hook_started',
    hook_id: ref.hookId,
    hook_name: ref.hookName,
    hook_event: ref.hookEvent,
    uuid,
    session_id: ref.sessionId,
  };
}

export function hookProgressMessage(ref: HookRef, output: HookOutput, uuid: string): Json {
  return {
    type: 'system',
    subtype: 'hook_progress',
    hook_id: ref.hookId,
    hook_name: ref.hookName,
    hook_event: ref.hookEvent,
    stdout: output.stdout,
    stderr: output.stderr,
    output: output.output,
    uuid,
    session_id: ref.sessionId,
  };
}

export function hookResponseMessage(
  ref: HookRef,
  output: HookOutput,
  exitCode: number | undefined,
  outcome: 'success' | 'error' | 'cancelled',
  uuid: string,
): Json {
  return {
    type: 'system',
    subtype: 'hook_response',
    hook_id: ref.hookId,
    hook_name: ref.hookName,
    hook_event: ref.hookEvent,
    output: output.output,
    stdout: output.stdout,
    stderr: output.stderr,
    ...(exitCode === undefined ? {} : { exit_code: exitCode }),
    outcome,
    uuid,
    session_id: ref.sessionId,
  };
}
