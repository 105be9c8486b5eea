/**
 * What the permission mode changes in the requests, as a version's CLI does it (captured from the
 * binary: capture/model-side-modes.ts): a session-start notice and other descriptions of built-in
 * tools for the mode the session starts in, request parameters while the session is in a mode
 * (2.1.332's permission-classifier context, `safeguards`), and the reminder the next prompt
 * carries after `set_permission_mode` changed the mode.
 */

type Json = Record<string, unknown>;

export interface PermissionModeStart {
  /**
   * The session-start notice of a session whose first request is in the mode (its text, which
   * `context.notice` wraps; plan mode's is `planReminder`).
   */
  notice?: string;
  /** Built-in tools described otherwise in a session started in the mode (`--permission-mode`). */
  tools?: Record<string, Json>;
  /**
   * The same when a default session was set to the mode (`set_permission_mode`) before its first
   * prompt: the CLI describes them as for the mode it started in (none), or as for this one.
   */
  toolsSetBeforeFirstPrompt?: Record<string, Json>;
  /**
   * Request parameters added while the session is in the mode: templates, `{cwd}`, `{home}`,
   * `{configDir}`, `{platform}` standing for the session's.
   */
  params?: Json;
}

export interface PermissionModesData {
  /** The modes the version takes (`--permission-mode`'s choices, and `default`). */
  modes: string[];
  /** Per mode, what it changes (only the modes that change anything). */
  byMode: Record<string, PermissionModeStart>;
  /**
   * After `set_permission_mode` changed the mode, what the next prompt carries, per change
   * (`"<from>><to>"`, only those that carry anything): `user-blocks`, blocks before the prompt in
   * its user message (each text as sent); `system-message`, one text, a system-role message after
   * it. `{planFilePath}` is the plan file named after that prompt.
   */
  changes: {
    placement: 'user-blocks' | 'system-message';
    reminders: Record<string, string[]>;
    /**
     * The request parameters after a change where they are not the new mode's own (as `params`;
     * `{}`: none), until the next change.
     */
    params: Record<string, Json>;
  };
}

/** The values of the templates of a mode's request parameters. */
export interface ModeParamFacts {
  cwd: string;
  home: string;
  configDir: string;
}

function fill(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string')
    return value.replace(/\{(cwd|home|configDir|platform)\}/g, (_, name: string) => values[name] ?? '');
  if (Array.isArray(value)) return value.map((v) => fill(v, values));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, values)]));
  return value;
}

/** What a mode change puts in the conversation with the next prompt. */
export interface ModeChangeReminder {
  /** Blocks before the prompt, in its user message. */
  blocks: Json[];
  /** A system-role message after the prompt's user message. */
  system?: { role: 'system'; content: string };
}

/**
 * One session's permission modes on the model side: the mode it started in (its command line),
 * the mode of its first request (the start notice and the tools are fixed then) and the mode of its
 * last prompt (a change since is what the next prompt's reminder tells).
 */
export class PermissionModeSide {
  private firstRequestMode: string | undefined;
  private promptedMode: string | undefined;
  /** The last change of mode a prompt told (`"<from>><to>"`). */
  private lastChange: string | undefined;

  constructor(
    private readonly data: PermissionModesData | undefined,
    private readonly startMode: string,
  ) {}

  /** The session's first request is made in `mode`: its start notice (text), if the mode has one. */
  opened(mode: string): string | undefined {
    this.firstRequestMode ??= mode;
    return this.data?.byMode[mode]?.notice;
  }

  /**
   * The built-in tools the session describes otherwise (by name): for the mode of its first
   * request (before it, the mode it started in).
   */
  tools(): Record<string, Json> | undefined {
    const mode = this.firstRequestMode ?? this.startMode;
    const own = this.data?.byMode[mode];
    return mode === this.startMode ? own?.tools : own?.toolsSetBeforeFirstPrompt;
  }

  /** The request parameters the session sends in `mode` (after a change to it, the change's own). */
  params(mode: string, facts: ModeParamFacts): Json {
    const afterChange =
      this.lastChange?.endsWith(`>${mode}`) === true
        ? this.data?.changes.params?.[this.lastChange]
        : undefined;
    const own = afterChange ?? this.data?.byMode[mode]?.params;
    if (!own) return {};
    return fill(own, { ...facts, platform: process.platform }) as Json;
  }

  /**
   * A prompt is sent in `mode`: the reminder of a change since the last prompt (none for the
   * session's first). `planFilePath` is this prompt's plan file (plan mode's reminder names it).
   */
  prompted(mode: string, planFilePath: string): ModeChangeReminder | undefined {
    const from = this.promptedMode;
    this.promptedMode = mode;
    if (from === undefined || from === mode || !this.data) return undefined;
    this.lastChange = `${from}>${mode}`;
    const texts = this.data.changes.reminders[`${from}>${mode}`];
    if (!texts || texts.length === 0) return undefined;
    const filled = texts.map((t) => t.split('{planFilePath}').join(planFilePath));
    if (this.data.changes.placement === 'user-blocks')
      return { blocks: filled.map((text) => ({ type: 'text', text })) };
    return { blocks: [], system: { role: 'system', content: filled.join('') } };
  }
}
