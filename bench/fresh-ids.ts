import { randomBytes, randomUUID } from 'node:crypto';

/**
 * A block of session lines whose ids are new every time it is written, as a real session brings
 * them: every `stream_event` with `--include-partial-messages` has a uuid of its own, every message
 * its `msg_…` id, every tool call its `toolu_…` id. The recorded corpus holds placeholders, which
 * repeat; here each uuid (but the session's `session_id`), `msg_…` and `toolu_…` of the block is
 * replaced by a fresh id in the real API's shape (`msg_01` / `toolu_01` and 22 base62 characters),
 * so a recorder that kept one entry per distinct id would grow with the session.
 */

/** The ids of the corpus's lines that are made fresh (not the session id: a session keeps one). */
const ID =
  /(?<!"session_id":")\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|(?<![A-Za-z0-9_])(?:msg|toolu)_[A-Za-z0-9_]+/g;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

type Kind = 'uuid' | 'msg' | 'toolu';

export class FreshIdBlock {
  /** The block's text between its ids. */
  private readonly between: string[];
  private readonly kinds: Kind[];
  /** Fresh ids written so far. */
  ids = 0;

  /** `text`: whole session lines (newline-terminated). */
  constructor(text: string) {
    this.between = [];
    this.kinds = [];
    let last = 0;
    for (const m of text.matchAll(ID)) {
      this.between.push(text.slice(last, m.index));
      this.kinds.push(m[0].startsWith('msg_') ? 'msg' : m[0].startsWith('toolu_') ? 'toolu' : 'uuid');
      last = m.index + m[0].length;
    }
    this.between.push(text.slice(last));
  }

  /** Ids per block. */
  get idsPerBlock(): number {
    return this.kinds.length;
  }

  /** The block with fresh ids; every call the same length in bytes. */
  next(): Buffer {
    const parts: string[] = [this.between[0]!];
    const random = randomBytes(this.kinds.length * 22);
    for (let i = 0; i < this.kinds.length; i += 1) {
      const kind = this.kinds[i]!;
      if (kind === 'uuid') parts.push(randomUUID());
      else {
        let body = '';
        for (let j = 0; j < 22; j += 1) body += BASE62[random[i * 22 + j]! % 62];
        parts.push(`${kind}_01${body}`);
      }
      parts.push(this.between[i + 1]!);
    }
    this.ids += this.kinds.length;
    return Buffer.from(parts.join(''));
  }
}
