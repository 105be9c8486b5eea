import { hostname, userInfo } from 'node:os';
import { createRedactor, type Redactor } from '../redact/redactor.js';
import type { ClientLine } from './handlers.js';
import { mapJsonStrings } from './paths.js';

/** What the live redaction rebuilds the recorder's known values from: the replay's own machine. */
export interface LiveRedactionOptions {
  env: Record<string, string | undefined>;
  home: string;
  cwd: string;
  tmpdir: string;
}

/** A numbered placeholder of the redaction: its family and the whole token. */
const NUMBERED = /email-\d+@redacted\.invalid|\[redacted:([^\]#]+)#\d+\]|(?<=:\/\/)REDACTED(?:-\d+)?(?=@)/g;

function familyOf(token: RegExpMatchArray): string {
  if (token[1] !== undefined) return token[1];
  return token[0].startsWith('REDACTED') ? 'url-credentials' : 'email';
}

function tokensIn(value: unknown): Array<{ token: string; family: string }> {
  const out: Array<{ token: string; family: string }> = [];
  mapJsonStrings(value, (text) => {
    for (const match of text.matchAll(NUMBERED)) out.push({ token: match[0], family: familyOf(match) });
    return text;
  });
  return out;
}

function lineValue(line: ClientLine): unknown {
  return line.kind === 'json' ? line.msg : line.text;
}

/**
 * The recording's own redaction, applied to the live client's messages, so that a client replays
 * the fixture it recorded even when what it sends held something the recorder redacted (an e-mail
 * address in a prompt, a home path, a key): the fixture holds `email-1@redacted.invalid`, the
 * client sends the address again.
 *
 * The fixture holds no secrets, so the recorder's known values cannot be read back from it; they
 * are rebuilt from what the replay has: every credential shape, e-mail, JWT, … rule of the
 * recorder (they need no known value), and the known values of the replay's own environment —
 * the client's, when it gives the fake the environment it gave the recorder — with its home,
 * working and temp folders, user and host names. Numbered placeholders (`email-2@redacted.invalid`,
 * `[redacted:anthropic-key#1]`) are numbered in the order the recorder met them over the whole
 * session, both ways, so the live ones are unified with the recorded ones instead: the n-th
 * placeholder of a family in the live message stands for the n-th in the recorded one, and a
 * pairing once made holds for the rest of the session (a bijection, like the id bindings).
 */
export class LiveRedaction {
  private redactor: Redactor | undefined;
  /** live placeholder → recorded placeholder, and back. */
  private readonly toRecorded = new Map<string, string>();
  private readonly toLive = new Map<string, string>();

  constructor(private readonly options: LiveRedactionOptions) {}

  /** The live line as the recorder would have written it (ids are left to the id bindings). */
  redact(line: ClientLine): ClientLine {
    this.redactor ??= createRedactor({
      env: this.options.env,
      home: this.options.home,
      cwd: this.options.cwd,
      tmpdir: this.options.tmpdir,
      user: safe(() => userInfo().username),
      hostname: safe(() => hostname()),
      ids: false,
    });
    if (line.kind === 'raw') return { kind: 'raw', text: this.redactor.redactText(line.text) };
    return { kind: 'json', msg: this.redactor.redact(line.msg) };
  }

  /**
   * `live` (redacted) with its numbered placeholders renamed to the recorded ones of `expected`,
   * and the pairings that rename would add (commit them with `bind` when the match is taken).
   * Placeholders that cannot be paired (a different count or family) keep the pairings already
   * made; the comparison then shows the difference.
   */
  unify(expected: ClientLine, live: ClientLine): { line: ClientLine; pairs: Map<string, string> } {
    const want = tokensIn(lineValue(expected));
    const have = tokensIn(lineValue(live));
    const pairs = new Map<string, string>();
    if (want.length === have.length && want.every((w, i) => w.family === have[i]!.family)) {
      for (let i = 0; i < have.length; i++) {
        const a = have[i]!.token;
        const e = want[i]!.token;
        const known = this.toRecorded.get(a) ?? pairs.get(a);
        const taken = this.toLive.get(e) ?? [...pairs].find(([, r]) => r === e)?.[0];
        if (known !== undefined ? known !== e : taken !== undefined && taken !== a) {
          pairs.clear();
          break;
        }
        if (known === undefined) pairs.set(a, e);
      }
    }
    const rename = (text: string): string =>
      text.replace(NUMBERED, (token) => pairs.get(token) ?? this.toRecorded.get(token) ?? token);
    const line: ClientLine =
      live.kind === 'raw'
        ? { kind: 'raw', text: rename(live.text) }
        : { kind: 'json', msg: mapJsonStrings(live.msg, rename) };
    return { line, pairs };
  }

  bind(pairs: ReadonlyMap<string, string>): void {
    for (const [live, recorded] of pairs) {
      this.toRecorded.set(live, recorded);
      this.toLive.set(recorded, live);
    }
  }
}

function safe(get: () => string): string {
  try {
    return get();
  } catch {
    return '';
  }
}
