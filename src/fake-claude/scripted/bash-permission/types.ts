/**
 * How one version gates the Bash tool in each permission mode, captured from its binary by
 * `npm run fake:capture-bash-permission` (capture/bash-permission.ts): the corpus of commands
 * (capture/bash-commands.ts) asked in one session per mode, and what the CLI did with each.
 * `{cwd}` in a command or a denial stands for the session's folder, `{root}` in a denial for the
 * folder above it (the sandbox's root, whose `home` is the session's HOME).
 */
export interface BashPermissionData {
  /** The commands asked about, in the order the model called them. */
  commands: string[];
  /**
   * By permission mode: the decision about each command (the same order as `commands`), written
   * `<outcome>[ <reasonType>][ #<denial>]` (`run subcommandResults`, `ask`, `deny mode #0`; see
   * `BashDecision`).
   */
  modes: Record<string, string[]>;
  /** The denials, referred to by `BashDecision.denial`. */
  denials: BashDenial[];
}

/**
 * A denial: the text the model gets (and the `system/permission_denied` event's `message`), and
 * the event's other fields after `decision_reason_type` (`decision_reason`, …), where it has any.
 */
export interface BashDenial {
  message: string;
  details?: Record<string, unknown>;
}

/**
 * What the CLI did with one Bash call: ran it without asking, asked the client (`can_use_tool`),
 * or denied it without asking. `reasonType`: the reason the CLI reports for the decision (the
 * accepted call's `tool_result_meta`, the denial's `system/permission_denied`), where it reports
 * one; `denial`: what the denial says (an index into `denials`).
 */
export interface BashDecision {
  outcome: BashOutcome;
  reasonType?: string;
  denial?: number;
}

export type BashOutcome = 'run' | 'ask' | 'deny';

const OUTCOMES: readonly string[] = ['run', 'ask', 'deny'];

/** A decision as the data writes it. */
export function encodeDecision(d: BashDecision): string {
  return [d.outcome, d.reasonType, d.denial === undefined ? undefined : `#${d.denial}`]
    .filter((part) => part !== undefined)
    .join(' ');
}

/** A decision the data writes; `undefined` when it is not one. */
export function decodeDecision(text: string): BashDecision | undefined {
  const [outcome, ...rest] = text.split(' ');
  if (outcome === undefined || !OUTCOMES.includes(outcome)) return undefined;
  const denial = rest.at(-1)?.startsWith('#') ? Number(rest.pop()?.slice(1)) : undefined;
  if (rest.length > 1 || (denial !== undefined && !Number.isInteger(denial))) return undefined;
  return {
    outcome: outcome as BashOutcome,
    ...(rest[0] === undefined ? {} : { reasonType: rest[0] }),
    ...(denial === undefined ? {} : { denial }),
  };
}
