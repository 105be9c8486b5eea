import { isRecord } from '../../util/json.js';
import type { Json } from '../behaviour/index.js';
import type { FakeFlags } from '../flags.js';
import { type McpConfigEntry, parseMcpConfigs } from './stdio-mcp.js';

/**
 * `--await-initialize` and the flags that read fields of `initialize` (2.1.332; the Agent SDK
 * passes `--await-initialize` since 0.3.326 whenever it sends MCP servers in `initialize` rather
 * than on the command line), as the real 2.1.332 does them:
 *
 * - they need stream-json input (run.ts checks it with the other preconditions);
 * - the first stdin line (blank lines skipped) must be the `initialize` control request; anything
 *   else ends the session with exit 1 and one line on stderr (`FIRST_LINE_NOT_INITIALIZE`, or
 *   `FIRST_LINE_NOT_JSON` for a line that is not JSON); with `--initialize-fields` or
 *   `--managed-settings-in-initialize`, so does an input that ends before it;
 * - a field of `initialize` is read only when its flag says so, and the reply tells, for each one
 *   the request has, whether it was (`<field>_applied`): `mcpServers` with `--await-initialize`
 *   (started as the servers of `--mcp-config` are, listed `source: "dynamic"`), `settings` and
 *   `disallowedTools` when `--initialize-fields` names them, `managedSettings` with
 *   `--managed-settings-in-initialize` (which then requires it to be an object).
 *
 * What the fake does with a field it reads: MCP servers are started, disallowed tools leave the
 * session; settings and managed settings are acknowledged only (docs/fake-claude-differences.md).
 */

export const FIRST_LINE_NOT_INITIALIZE =
  'Error: --await-initialize requires the initialize control request as the first stdin line, and the first line is a different message.';
export const FIRST_LINE_NOT_JSON =
  'Error: --await-initialize requires the initialize control request as the first stdin line, and the first line is not valid JSON.';

const noInitializeRead = (flag: string) =>
  `Error: ${flag}: no usable initialize request was read. Stdin ended or failed, or its first line went over the limit of 268,435,456 characters.`;

function isInitializeRequest(value: unknown): boolean {
  return (
    isRecord(value) &&
    value.type === 'control_request' &&
    isRecord(value.request) &&
    value.request.subtype === 'initialize'
  );
}

/** What the fields of an `initialize` request come to. */
export interface InitializeFields {
  /** MCP servers to start. */
  servers: McpConfigEntry[];
  /** Tools to leave out of the session. */
  disallowedTools: string[];
  /** The `<field>_applied` entries of the reply. */
  reply: Json;
  /** A request the flags refuse: the stderr line that ends the session (exit 1). */
  error?: string;
}

export class AwaitInitialize {
  private seenLine = false;
  private seenInitialize = false;
  private readonly fields: ReadonlySet<string>;

  constructor(private readonly flags: FakeFlags) {
    this.fields = new Set(
      typeof flags.initializeFields === 'string' ? flags.initializeFields.split(',') : [],
    );
  }

  private get enabled(): boolean {
    return this.flags.awaitInitialize === true;
  }

  /** The stderr line that ends the session at this stdin line (the first one, when it is not `initialize`). */
  refuseLine(value: unknown): string | undefined {
    if (this.seenLine) return undefined;
    this.seenLine = true;
    return this.enabled && !isInitializeRequest(value) ? FIRST_LINE_NOT_INITIALIZE : undefined;
  }

  /** The stderr line for an unreadable stdin line (`ok`: JSON, but `null`), when it is the first one. */
  refuseBadLine(ok: boolean): string | undefined {
    if (!this.enabled || this.seenLine) return undefined;
    return ok ? FIRST_LINE_NOT_INITIALIZE : FIRST_LINE_NOT_JSON;
  }

  /** The stderr line for an input that ended before `initialize`, when a flag needed it. */
  refuseEnd(): string | undefined {
    if (this.seenInitialize) return undefined;
    if (this.fields.size > 0) return noInitializeRead('--initialize-fields');
    if (this.flags.managedSettingsInInitialize) return noInitializeRead('--managed-settings-in-initialize');
    return undefined;
  }

  /** What the fields of `request` (an `initialize`) come to. */
  read(request: Json): InitializeFields {
    this.seenInitialize = true;
    const out: InitializeFields = { servers: [], disallowedTools: [], reply: {} };
    const managed = this.flags.managedSettingsInInitialize === true;
    if (managed && !isRecord(request.managedSettings)) {
      out.error =
        'Error: --managed-settings-in-initialize requires initialize.managedSettings to be a JSON object.';
      return out;
    }
    if ('managedSettings' in request) out.reply.managed_settings_applied = managed;
    if ('settings' in request) out.reply.settings_applied = this.enabled && this.fields.has('settings');
    if ('disallowedTools' in request) {
      const applied = this.enabled && this.fields.has('disallowedTools');
      out.reply.disallowed_tools_applied = applied;
      if (applied && Array.isArray(request.disallowedTools))
        out.disallowedTools = request.disallowedTools.filter((t): t is string => typeof t === 'string');
    }
    if ('mcpServers' in request) {
      out.reply.mcp_servers_applied = this.enabled;
      if (this.enabled && isRecord(request.mcpServers)) {
        out.servers = parseMcpConfigs([JSON.stringify({ mcpServers: request.mcpServers })]).filter(
          (s) => s.type !== 'sdk',
        );
      }
    }
    return out;
  }
}
