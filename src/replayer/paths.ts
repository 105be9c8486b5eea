import { realpathSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { pathSlug } from '../redact/index.js';

/**
 * The machine placeholders of a redacted fixture (`$CWD`, `$HOME`, `$TMPDIR`, their project-folder
 * slugs `$CWD_SLUG`/`$HOME_SLUG`/`$TMPDIR_SLUG`, `$USER`, `$HOSTNAME`) and the replaying machine's real values, both
 * ways: outbound frames get the real values (clients see real paths), inbound client messages get
 * the placeholders back before they are compared with the recording.
 */
export interface MachinePaths {
  cwd: string;
  home: string;
  user?: string;
  hostname?: string;
  /** The process's own temp folder (`TMPDIR`); a system-wide one is never substituted. */
  tmpdir?: string;
}

/** As the recorder's redaction: system-wide temp folders are left alone. */
const SYSTEM_TMP = new Set(['/tmp', '/var/tmp', '/private/tmp', '/usr/tmp']);

type Pair = { placeholder: string; real: string };

function safe<T>(get: () => T, fallback: T): T {
  try {
    return get();
  } catch {
    return fallback;
  }
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class PathSubstitution {
  private readonly outbound: Pair[];
  private readonly inbound: Array<{ regex: RegExp; placeholder: string }>;
  private readonly outboundRegex: RegExp | undefined;

  constructor(paths: MachinePaths) {
    const cwd = trimSlash(paths.cwd);
    const home = trimSlash(paths.home);
    const user = paths.user ?? safe(() => userInfo().username, '');
    const host = paths.hostname ?? safe(() => hostname(), '');
    const tmp = trimSlash(paths.tmpdir ?? '');
    const tmpdir = tmp.length >= 3 && !SYSTEM_TMP.has(tmp) ? tmp : '';
    // Longest placeholder first: `$CWD_SLUG` before `$CWD`.
    this.outbound = [
      { placeholder: '$TMPDIR_SLUG', real: tmpdir ? pathSlug(tmpdir) : '' },
      { placeholder: '$CWD_SLUG', real: pathSlug(cwd) },
      { placeholder: '$HOME_SLUG', real: pathSlug(home) },
      { placeholder: '$TMPDIR', real: tmpdir },
      { placeholder: '$HOSTNAME', real: host },
      { placeholder: '$CWD', real: cwd },
      { placeholder: '$HOME', real: home },
      { placeholder: '$USER', real: user },
    ].filter((p) => p.real !== '');
    this.outboundRegex =
      this.outbound.length > 0
        ? new RegExp(`${this.outbound.map((p) => escapeRegex(p.placeholder)).join('|')}(?![A-Za-z0-9_])`, 'g')
        : undefined;
    // Inbound: longest real path first (cwd usually lives inside home), also the resolved forms.
    const literal: Array<{ real: string; placeholder: string }> = [];
    const addPath = (path: string, placeholder: string, slug: string) => {
      if (path.length < 3 || path === '/') return;
      for (const form of new Set([path, trimSlash(safe(() => realpathSync(path), path))])) {
        literal.push({ real: form, placeholder });
        if (pathSlug(form).length >= 8) literal.push({ real: pathSlug(form), placeholder: slug });
      }
    };
    addPath(cwd, '$CWD', '$CWD_SLUG');
    addPath(home, '$HOME', '$HOME_SLUG');
    if (tmpdir) addPath(tmpdir, '$TMPDIR', '$TMPDIR_SLUG');
    literal.sort((a, b) => b.real.length - a.real.length);
    this.inbound = literal.map((l) => ({
      regex: new RegExp(escapeRegex(l.real), 'g'),
      placeholder: l.placeholder,
    }));
    const word = (value: string, placeholder: string) => {
      if (value.length < 3) return;
      this.inbound.push({
        regex: new RegExp(`(?<![A-Za-z0-9_-])${escapeRegex(value)}(?![A-Za-z0-9_-])`, 'g'),
        placeholder,
      });
    };
    word(host, '$HOSTNAME');
    word(user, '$USER');
  }

  /** Placeholders → this machine's values. */
  toReal(text: string): string {
    if (!this.outboundRegex || !text.includes('$')) return text;
    return text.replace(this.outboundRegex, (m) => this.outbound.find((p) => p.placeholder === m)?.real ?? m);
  }

  /**
   * `toReal` inside encoded JSON: every placeholder in `json` becomes its real value, JSON-escaped.
   * A placeholder holds no character JSON escapes and none of the characters its match looks at
   * after it, so this is the text of the value with `toReal` applied to each of its strings and keys.
   */
  toRealInJson(json: string): string {
    if (!this.outboundRegex || !json.includes('$')) return json;
    return json.replace(this.outboundRegex, (m) => {
      const real = this.outbound.find((p) => p.placeholder === m)?.real;
      return real === undefined ? m : JSON.stringify(real).slice(1, -1);
    });
  }

  /** This machine's values → placeholders (what the recorder's redaction did). */
  toPlaceholders(text: string): string {
    let out = text;
    for (const { regex, placeholder } of this.inbound) {
      regex.lastIndex = 0;
      if (regex.test(out)) out = out.replace(regex, () => placeholder);
    }
    return out;
  }
}

/** Applies `fn` to every string and every object key of a JSON value (a new value). */
export function mapJsonStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapJsonStrings(item, fn));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      Object.defineProperty(out, fn(key), {
        value: mapJsonStrings(child, fn),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
