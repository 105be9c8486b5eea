import { DEFAULT_ID_KEYS, IdPlaceholders, restoreIds } from '../protocol/index.js';

/**
 * `request_id` rebinding, both ways. The fixture holds the ids of the recorded session (redacted to
 * placeholders); a live client picks its own (the SDK's random `initialize`/`interrupt` ids, its
 * hook callback ids, uuids). Matching a client message binds each live id to the recorded id in the
 * same slot; outbound frames then carry the client's ids wherever the recording had the recorded
 * ones, so a replayed `control_response` answers the CLIENT's request id. The CLI's own ids (its
 * `control_request` ids) are never bound: they are replayed as recorded and the client's answers
 * to them match them as they are.
 */

/** Keys whose string values are ids to rebind: the protocol's id keys plus client-chosen hook ids. */
export const REPLAY_ID_KEYS: readonly string[] = [
  ...DEFAULT_ID_KEYS,
  'callback_id',
  'hookCallbackIds',
  'toolUseID',
];

const ID_BEARING_TYPES = /^(message|.*tool_use)$/;

/** Whether `parent[key]` holds an id (same rule as `src/protocol/ids.ts`, with the replay keys). */
export function isIdSlot(parent: Record<string, unknown>, key: string): boolean {
  if (REPLAY_ID_KEYS.includes(key)) return true;
  return key === 'id' && typeof parent.type === 'string' && ID_BEARING_TYPES.test(parent.type);
}

export class IdBindings {
  /** original = the live id, placeholder = the recorded id. */
  private readonly ids = new IdPlaceholders();
  /** The recorded ids as they appear in encoded JSON (see `occursIn`); rebuilt after a `bind`. */
  private escaped: string[] | undefined;

  /** The recorded id a live id is bound to. */
  recordedFor(live: string): string | undefined {
    return this.ids.placeholderFor(live);
  }

  /** The live id bound to a recorded id. */
  liveFor(recorded: string): string | undefined {
    return this.ids.originalOf(recorded);
  }

  /** Binds `live` to `recorded`; false (nothing changed) when either is bound elsewhere. */
  bind(live: string, recorded: string): boolean {
    this.escaped = undefined;
    return this.ids.bind(live, recorded);
  }

  /** Live ids inside a text → recorded ids (for comparing free text that quotes an id). */
  toRecordedIn(text: string): string {
    return this.ids.replaceIn(text);
  }

  /** An outbound frame with every bound recorded id replaced by the client's live id. */
  toLive<T>(message: T): T {
    if (this.ids.size === 0) return message;
    return restoreIds(message, this.ids, { keys: REPLAY_ID_KEYS });
  }

  /** Live text with recorded ids restored (raw outbound lines). */
  toLiveIn(text: string): string {
    return this.ids.restoreIn(text);
  }

  /**
   * Whether `toLive` could change anything in a value whose encoded JSON is `json`: some bound
   * recorded id occurs in it (as JSON-escaped text: escaping is character by character, so an id
   * inside any string of the value occurs in its encoding). False means `toLive` is the identity.
   */
  occursIn(json: string): boolean {
    if (this.ids.size === 0) return false;
    for (const id of this.escapedRecorded()) if (json.includes(id)) return true;
    return false;
  }

  /**
   * The bound recorded ids as they appear in encoded JSON (what `occursIn` looks for); the same
   * array until the next `bind`.
   */
  escapedRecorded(): readonly string[] {
    this.escaped ??= this.ids.entries().map((e) => JSON.stringify(e.placeholder).slice(1, -1));
    return this.escaped;
  }

  entries(): Array<{ live: string; recorded: string }> {
    return this.ids.entries().map((e) => ({ live: e.original, recorded: e.placeholder }));
  }
}
