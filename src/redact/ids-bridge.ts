import {
  IdPlaceholders,
  idsInText,
  isDefaultIdSlot,
  learnIds,
  MAX_NUMBERED_IDS,
  normalizeIds,
  replaceIdsIn,
} from '../protocol/ids.js';

/**
 * The one seam between redaction and the protocol's id normalisation (src/protocol/ids.ts): session
 * ids, uuids, request ids, tool_use ids… become stable, shape-preserving placeholders that keep
 * equality across the whole fixture, so a replayer can still correlate requests and responses.
 */
export interface IdNormalizer {
  /** Deep copy of `message` with every id replaced (learning new ones). */
  message(message: unknown): unknown;
  /**
   * `message` in two steps, for a caller that walks the message anyway: `learn` its ids, then
   * `inString` for each string (`slot`: it is the value of an id slot, `isSlot`), as `message` would.
   */
  learn(message: unknown): void;
  inString(text: string, slot: boolean): string;
  isSlot(parent: Record<string, unknown>, key: string): boolean;
  /** Raw text (stderr, non-JSON lines): id-looking substrings and known ids replaced. */
  text(text: string): string;
  /**
   * Number of ids replaced so far: the distinct ids numbered, plus each id given a hashed
   * placeholder beyond the mapping's cap (counted every time: they are not remembered).
   */
  count(): number;
  /** The mapping itself (the replayer's reverse map). */
  readonly placeholders: IdPlaceholders;
}

/**
 * The normaliser of a redactor. Its own mapping (the default) numbers at most
 * {@link MAX_NUMBERED_IDS} distinct ids and hashes the ids beyond (src/protocol/ids.ts), so that a
 * recording's memory does not grow with the ids of its session.
 */
export function createIdNormalizer(
  placeholders: IdPlaceholders = new IdPlaceholders({ maxNumbered: MAX_NUMBERED_IDS }),
): IdNormalizer {
  return {
    placeholders,
    message: (message) => normalizeIds(message, placeholders),
    learn: (message) => learnIds(message, placeholders),
    inString: (text, slot) => replaceIdsIn(text, slot, placeholders),
    isSlot: isDefaultIdSlot,
    text(text) {
      for (const id of idsInText(text)) placeholders.learn(id, true);
      return placeholders.replaceIn(text);
    },
    count: () => placeholders.size + placeholders.hashedCount,
  };
}
