import { randomUuid } from '../../../util/uuid.js';
import { DATA_BY_VERSION } from './data/index.js';
import type { SessionStateData, SessionStateVariant } from './types.js';

type Json = Record<string, unknown>;

/** Each emulated version's captured variants (`npm run fake:capture-message-kinds`). */
const DATA = DATA_BY_VERSION as Readonly<Record<string, SessionStateData>>;

/** A variable counts as set unless it is empty or says no. */
function isSet(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/**
 * `system/session_state_changed`, as the emulated version emits it for the variable the session's
 * environment sets (its captured variants): `running` when a turn starts, `requires_action` around
 * a permission prompt (before the request, or with `running` once it is answered, where the
 * captured sequence has it), `idle` after each result. Nothing when no variable of the version is set.
 */
export class SessionState {
  private readonly variant: SessionStateVariant | undefined;
  /** `requires_action` comes before the `can_use_tool` request (else after its answer). */
  private readonly actionFirst: boolean;

  constructor(
    version: string,
    env: Record<string, string | undefined>,
    private readonly emit: (message: Json) => void,
    private readonly sessionId: () => string,
  ) {
    this.variant = DATA[version]?.variants.find((v) => v.message !== null && isSet(env[v.env]));
    const sequence = this.variant?.sequence ?? [];
    this.actionFirst = sequence.indexOf('state:requires_action') < sequence.indexOf('can_use_tool');
  }

  /** A turn starts. */
  running(): void {
    this.send('running');
  }

  /** A permission prompt is about to be sent. */
  prompting(): void {
    if (this.actionFirst) this.send('requires_action');
  }

  /** The permission prompt was answered (or given up). */
  prompted(): void {
    if (!this.actionFirst) this.send('requires_action');
    this.send('running');
  }

  /** A result was emitted. */
  idle(): void {
    this.send('idle');
  }

  private send(state: string): void {
    const template = this.variant?.message;
    if (!template) return;
    const message: Json = {};
    for (const [key, value] of Object.entries(template)) {
      if (key === 'state') message[key] = state;
      else if (key === 'uuid') message[key] = randomUuid();
      else if (key === 'session_id') message[key] = this.sessionId();
      else message[key] = value;
    }
    this.emit(message);
  }
}
