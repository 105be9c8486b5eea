import { realpathSync } from 'node:fs';
import { homedir, hostname, userInfo } from 'node:os';
import { escapeRegExp, LiteralRule, type Replacement, type TextRule } from './text-rules.js';

/**
 * Machine specifics → stable placeholders: home → `$HOME`, cwd → `$CWD`, the process's own
 * `TMPDIR` → `$TMPDIR` (longest path first: cwd is often inside home, both inside a sandbox's temp), the CLI's project-folder slug of each (`/home/a/p` → `-home-a-p`) →
 * `$CWD_SLUG` / `$HOME_SLUG`, then the host name → `$HOSTNAME` and the user name → `$USER` as
 * whole words (not next to a letter, digit, `_` or `-`).
 */
export interface MachineIdentity {
  home: string;
  cwd: string;
  user: string;
  hostname: string;
  /** The process's own temp folder (`TMPDIR`) when it is not a system-wide one; '' for none. */
  tmpdir: string;
}

/** System-wide temp folders: replacing them everywhere would hide far too much. */
const SYSTEM_TMP = new Set(['/tmp', '/var/tmp', '/private/tmp', '/usr/tmp']);

function safe<T>(get: () => T, fallback: T): T {
  try {
    return get();
  } catch {
    return fallback;
  }
}

/** The identity of the current process, for options left undefined. An empty string disables a part. */
export function resolveMachine(
  options: Partial<Record<keyof MachineIdentity, string | undefined>>,
): MachineIdentity {
  return {
    home: options.home ?? safe(() => homedir(), ''),
    cwd: options.cwd ?? safe(() => process.cwd(), ''),
    user: options.user ?? safe(() => userInfo().username, ''),
    hostname: options.hostname ?? safe(() => hostname(), ''),
    tmpdir: options.tmpdir ?? process.env.TMPDIR ?? '',
  };
}

/** Paths shorter than this (or `/`) would replace far too much. */
const MIN_PATH_LENGTH = 3;
const MIN_NAME_LENGTH = 3;
const MIN_SLUG_LENGTH = 8;

function usablePath(path: string): boolean {
  return path.length >= MIN_PATH_LENGTH && path !== '/' && !/^\/+$/.test(path);
}

function pathForms(path: string): string[] {
  const forms = [path.replace(/\/+$/, '')];
  const real = safe(() => realpathSync(path), path).replace(/\/+$/, '');
  if (real !== forms[0] && usablePath(real)) forms.push(real);
  return forms.filter(usablePath);
}

/** The Claude Code project-folder name of a path (`/home/a/p` → `-home-a-p`). */
export function pathSlug(path: string): string {
  return path.replace(/[^A-Za-z0-9]/g, '-');
}

export interface MachineRules {
  rules: TextRule[];
  /** Active rule names, for the header. */
  names: string[];
  /** The home/cwd forms, for the leak scan. */
  paths: Array<{ kind: 'home' | 'cwd' | 'tmpdir'; value: string }>;
}

const PLACEHOLDER = { home: '$HOME', cwd: '$CWD', tmpdir: '$TMPDIR' } as const;

export function machineRules(machine: MachineIdentity): MachineRules {
  const paths = new LiteralRule('machine-path');
  const scan: MachineRules['paths'] = [];
  const entries: Array<{ kind: 'home' | 'cwd' | 'tmpdir'; path: string }> = [];
  for (const path of usablePath(machine.cwd) ? pathForms(machine.cwd) : [])
    entries.push({ kind: 'cwd', path });
  for (const path of usablePath(machine.home) ? pathForms(machine.home) : [])
    entries.push({ kind: 'home', path });
  const tmp = (machine.tmpdir ?? '').replace(/\/+$/, '');
  for (const path of usablePath(tmp) && !SYSTEM_TMP.has(tmp) ? pathForms(tmp) : []) {
    if (!SYSTEM_TMP.has(path)) entries.push({ kind: 'tmpdir', path });
  }
  // The literal rule sorts by length, so the longer of cwd/home wins where one contains the other.
  for (const { kind, path } of entries) {
    paths.add(path, PLACEHOLDER[kind], 'machine-path');
    scan.push({ kind, value: path });
  }
  const slugs = new LiteralRule('machine-path');
  for (const { kind, path } of entries) {
    const slug = pathSlug(path);
    if (slug.length >= MIN_SLUG_LENGTH) slugs.add(slug, `${PLACEHOLDER[kind]}_SLUG`, 'machine-path');
  }
  const rules: TextRule[] = [];
  const names: string[] = [];
  if (paths.size > 0) {
    rules.push(paths, slugs);
    names.push('machine-path');
  }
  const word = (name: string, value: string, placeholder: string): void => {
    if (value.length < MIN_NAME_LENGTH) return;
    const regex = new RegExp(`(?<![A-Za-z0-9_-])${escapeRegExp(value)}(?![A-Za-z0-9_-])`, 'g');
    rules.push({
      name,
      regex,
      replace: (m): Replacement => ({
        start: m.index,
        end: m.index + m[0].length,
        text: placeholder,
        lock: true,
      }),
    });
    names.push(name);
  };
  // The host first: it often contains the user name (alice-laptop).
  const host = machine.hostname;
  word('machine-host', host, '$HOSTNAME');
  const short = host.split('.')[0] ?? '';
  if (short !== host) word('machine-host', short, '$HOSTNAME');
  word('machine-user', machine.user, '$USER');
  return { rules, names: [...new Set(names)], paths: scan };
}
