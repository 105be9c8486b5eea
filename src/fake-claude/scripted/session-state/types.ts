type Json = Record<string, unknown>;

/**
 * What one version does with one of the variables that ask for `system/session_state_changed`
 * (captured by `npm run fake:capture-message-kinds`, capture/session-state.ts).
 */
export interface SessionStateVariant {
  /** The environment variable, set to `1` for the capture. */
  env: string;
  /**
   * The message as the version writes it: `state` is `<state>`, `uuid` `<uuid>`, `session_id`
   * `<session_id>`. Null when the version emits none for this variable.
   */
  message: Json | null;
  /**
   * What a session of two turns (the first with a permission prompt, allowed) showed, in order:
   * `state:<state>` for each state message, `system/init`, `can_use_tool` and `result`.
   */
  sequence: string[];
}

/** A version's variants, in the order it checks them (the first set wins). */
export interface SessionStateData {
  variants: SessionStateVariant[];
}
