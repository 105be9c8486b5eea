import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

/**
 * The Bash commands the fake runs without asking when the captured corpus does not have them: a
 * small language each atom of which (a command, each of its flags, each kind of its arguments, an
 * operator, a redirection: `safeAtoms`) the pinned CLIs were seen to run — the capture asks them
 * about every one (capture/bash-commands.ts, `ruleProbes`), and the property test holds every
 * command the rule lets through to atoms of commands they ran. A command outside it is asked about
 * (denied in dontAsk): the fake may ask where the real CLI would not, never the reverse. What it
 * assumes: a command's allowed flags and paths combine as freely in the real CLI as each alone.
 *
 * The language: simple commands of `READ_ONLY` (in acceptEdits also `WRITING`) joined by `|`,
 * `&&`, `||` or `;`, with no expansion, substitution, glob, escape, wrapper, variable assignment or
 * redirection but `2>/dev/null`, `>/dev/null` and `2>&1` (in acceptEdits also `>`/`>>` to a path);
 * words are plain (letters, digits, `_./=:,+%@-`, quoted or not); each flag is one the command's
 * entry lists; each path names something inside the session's folder, relative or absolute, with
 * no `..`, and resolves there (links followed).
 */

/** What the positional words of a command are. */
type Args =
  /** Paths inside the folder. */
  | 'paths'
  /** Anything (the command only prints them, e.g. echo). */
  | 'words'
  /** Nothing. */
  | 'none'
  /** A pattern (any word), then paths. */
  | 'pattern-paths';

export interface Spec {
  /** Flags alone (`-l`). */
  flags?: readonly string[];
  /** Flags taking the next word as a value: a number. */
  valued?: readonly string[];
  /** Flags with their value attached (`-d:`, `-f1`), each with an example (the capture asks it). */
  attached?: ReadonlyArray<readonly [RegExp, string]>;
  args: Args;
  /** At most this many positional words (a writing command: at least one, or exactly this many). */
  maxArgs?: number;
}

const NUMBER = /^\d{1,4}$/;

/** Commands that read only, with the flags that keep them so. */
export const READ_ONLY: Readonly<Record<string, Spec>> = {
  echo: { flags: ['-n'], args: 'words' },
  ls: { flags: ['-l', '-a', '-la', '-al', '-1', '-lh', '-R'], args: 'paths' },
  cat: { flags: ['-n', '-A'], args: 'paths' },
  head: { valued: ['-n', '-c'], attached: [[/^-\d{1,4}$/, '-3']], args: 'paths' },
  tail: { valued: ['-n', '-c'], attached: [[/^-\d{1,4}$/, '-3']], args: 'paths' },
  wc: { flags: ['-l', '-c', '-w'], args: 'paths' },
  grep: {
    flags: ['-n', '-i', '-c', '-l', '-v', '-E', '-r', '-rl', '-rn'],
    args: 'pattern-paths',
  },
  sort: { flags: ['-r', '-u', '-n'], args: 'paths' },
  diff: { flags: ['-u'], args: 'paths', maxArgs: 2 },
  find: { args: 'paths' },
  pwd: { args: 'none' },
  true: { args: 'none' },
  false: { args: 'none' },
  date: { args: 'none' },
  which: { args: 'words', maxArgs: 1 },
  type: { args: 'words', maxArgs: 1 },
  basename: { args: 'words', maxArgs: 1 },
  dirname: { args: 'words', maxArgs: 1 },
  realpath: { args: 'paths' },
  stat: { args: 'paths' },
  du: { flags: ['-sh', '-s', '-h'], args: 'paths' },
  tree: { args: 'paths' },
  cut: {
    attached: [
      [/^-d[:,]$/, '-d:'],
      [/^-f\d{1,2}$/, '-f1'],
      [/^-c\d{1,2}-\d{1,2}$/, '-c1-3'],
    ],
    args: 'paths',
  },
  rg: { flags: ['-l', '-n'], args: 'pattern-paths' },
  jq: { args: 'pattern-paths' },
};

/** find's expression: primaries with their values (a value is a path, a number, a type or a name). */
export const FIND_PRIMARIES: Readonly<Record<string, 'path' | RegExp | null>> = {
  '-name': /^[\w.*?-]+$/,
  '-type': /^[fd]$/,
  '-maxdepth': NUMBER,
  '-newer': 'path',
  '-print': null,
  '-empty': null,
};

/** jq's filter: the identity only. */
const JQ_FILTER = /^\.$/;

/** git subcommands that read, with their flags. */
export const GIT: Readonly<Record<string, Spec>> = {
  status: { flags: ['--short', '-s'], args: 'none' },
  log: { flags: ['--oneline'], attached: [[/^-\d{1,2}$/, '-1']], args: 'none' },
  diff: { flags: ['--stat'], args: 'none' },
  'ls-files': { args: 'none' },
  branch: { flags: ['-a'], args: 'none' },
};

/** Commands acceptEdits runs on paths inside the folder. */
export const WRITING: Readonly<Record<string, Spec>> = {
  touch: { args: 'paths' },
  mkdir: { flags: ['-p'], args: 'paths' },
  rm: { flags: ['-f', '-r', '-rf'], args: 'paths' },
  rmdir: { args: 'paths' },
  cp: { args: 'paths', maxArgs: 2 },
  mv: { args: 'paths', maxArgs: 2 },
};

/** Redirections that change nothing. */
const QUIET = ['2>/dev/null', '>/dev/null', '2>&1'];
const OPERATORS = ['|', '&&', '||', ';'];

interface Word {
  text: string;
  /** Written in quotes (a `*` in it is no glob). */
  quoted: boolean;
}

type Token = Word | { op: string };

const PLAIN = /^[\w./=:,+%@-]+$/;
const QUOTED = /^[\w./=:,+%@ *?-]*$/;

/** The command's words and operators; `undefined` when it has anything outside the language. */
export function lex(command: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < command.length) {
    const c = command[i] as string;
    if (c === ' ' || c === '\t') {
      i += 1;
      continue;
    }
    const op = ['&&', '||', '2>/dev/null', '2>&1', '>/dev/null', '>>', '|', ';', '>'].find((o) =>
      command.startsWith(o, i),
    );
    if (op) {
      tokens.push({ op });
      i += op.length;
      continue;
    }
    let text = '';
    let quoted = false;
    while (i < command.length) {
      const d = command[i] as string;
      if (d === "'" || d === '"') {
        const end = command.indexOf(d, i + 1);
        if (end < 0) return undefined;
        const inner = command.slice(i + 1, end);
        if (!QUOTED.test(inner)) return undefined;
        text += inner;
        quoted = true;
        i = end + 1;
      } else if (/[\w./=:,+%@-]/.test(d)) {
        text += d;
        i += 1;
      } else break;
    }
    if (i < command.length && !/[ \t|;&>]/.test(command[i] as string)) return undefined;
    if (text === '' && !quoted) return undefined;
    if (!quoted && !PLAIN.test(text)) return undefined;
    tokens.push({ text, quoted });
  }
  // `> /dev/null` is `>` then the word /dev/null.
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const next = tokens[k + 1];
    if ('op' in t && t.op === '>' && next && 'text' in next && next.text === '/dev/null') {
      out.push({ op: '>/dev/null' });
      k += 1;
    } else out.push(t);
  }
  return out;
}

/** Whether `path` names something inside `cwd` (no `..`, links resolved). */
export function insideFolder(path: string, cwd: string): boolean {
  if (path === '' || path.startsWith('-') || path.startsWith('~')) return false;
  if (path.split('/').includes('..')) return false;
  const abs = isAbsolute(path) ? resolve(path) : resolve(cwd, path);
  const rel = relative(cwd, abs);
  if (rel.startsWith('..') || isAbsolute(rel)) return false;
  return inside(realOf(abs), realOf(cwd));
}

/** The real path of `path`, or of its nearest existing folder with the rest appended. */
function realOf(path: string): string {
  let probe = path;
  while (!existsSync(probe)) {
    const up = dirname(probe);
    if (up === probe) return path;
    probe = up;
  }
  try {
    return resolve(realpathSync(probe), relative(probe, path));
  } catch {
    return path;
  }
}

function inside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
}

/** A path that is not the folder itself (what a writing command may name). */
function belowFolder(path: string, cwd: string): boolean {
  if (!insideFolder(path, cwd)) return false;
  const abs = isAbsolute(path) ? resolve(path) : resolve(cwd, path);
  return relative(cwd, abs) !== '';
}

/**
 * The atoms of a safe simple command — its name, each flag, and each kind of positional it has
 * (`<path>`, `<pattern>`, `<word>`; `<none>` for a command of paths given none), each after the
 * name (`grep -n`, `grep <pattern>`) — or `undefined` when it is not safe.
 */
function simpleAtoms(words: Word[], cwd: string, edits: boolean): string[] | undefined {
  const [first, ...rest] = words;
  if (!first || first.quoted) return undefined;
  if (first.text === 'git') {
    const [sub, ...args] = rest;
    const spec = sub && !sub.quoted && Object.hasOwn(GIT, sub.text) ? GIT[sub.text] : undefined;
    return spec && named(`git ${sub?.text}`, argsAtoms(spec, args, cwd, false));
  }
  if (first.text === 'find') return named('find', findAtoms(rest, cwd));
  const writing = edits && Object.hasOwn(WRITING, first.text);
  const spec = writing
    ? WRITING[first.text]
    : Object.hasOwn(READ_ONLY, first.text)
      ? READ_ONLY[first.text]
      : undefined;
  return spec && named(first.text, argsAtoms(spec, rest, cwd, writing));
}

/** `name`, and each atom after it. */
function named(name: string, atoms: string[] | undefined): string[] | undefined {
  return atoms && [name, ...new Set(atoms.map((a) => `${name} ${a}`))];
}

const GLOB = /[*?]/;

function argsAtoms(spec: Spec, words: Word[], cwd: string, writes: boolean): string[] | undefined {
  const atoms: string[] = [];
  const positional: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    if (w.text.startsWith('-') && !w.quoted) {
      const next = words[i + 1];
      const attached = spec.attached?.find(([r]) => r.test(w.text));
      if (spec.flags?.includes(w.text)) atoms.push(w.text);
      else if (attached) atoms.push(attached[1]);
      else if (spec.valued?.includes(w.text) && next && NUMBER.test(next.text)) {
        atoms.push(`${w.text} <n>`);
        i += 1;
      } else return undefined;
    } else positional.push(w);
  }
  if (spec.maxArgs !== undefined && positional.length > spec.maxArgs) return undefined;
  if (writes && positional.length < (spec.maxArgs ?? 1)) return undefined;
  const isPath = (w: Word) =>
    !GLOB.test(w.text) && (writes ? belowFolder(w.text, cwd) : insideFolder(w.text, cwd));
  const paths = (list: Word[]) =>
    list.length === 0 ? ['<none>'] : list.every(isPath) ? ['<path>'] : undefined;
  switch (spec.args) {
    case 'none':
      return positional.length === 0 ? atoms : undefined;
    case 'words':
      return positional.length === 0 ? atoms : [...atoms, '<word>'];
    case 'paths': {
      const kinds = paths(positional);
      return kinds && [...atoms, ...kinds];
    }
    case 'pattern-paths': {
      const [pattern, ...rest] = positional;
      if (!pattern || GLOB.test(pattern.text)) return undefined;
      if (spec === READ_ONLY.jq && !JQ_FILTER.test(pattern.text)) return undefined;
      const kinds = paths(rest);
      return kinds && [...atoms, spec === READ_ONLY.jq ? pattern.text : '<pattern>', ...kinds];
    }
  }
}

function findAtoms(words: Word[], cwd: string): string[] | undefined {
  const atoms: string[] = [];
  let i = 0;
  while (i < words.length && !(words[i] as Word).text.startsWith('-')) {
    const w = words[i] as Word;
    if (GLOB.test(w.text) || !insideFolder(w.text, cwd)) return undefined;
    i += 1;
  }
  atoms.push(i === 0 ? '<none>' : '<path>');
  while (i < words.length) {
    const w = words[i] as Word;
    const value = w.quoted || !Object.hasOwn(FIND_PRIMARIES, w.text) ? undefined : FIND_PRIMARIES[w.text];
    if (value === undefined) return undefined;
    i += 1;
    if (value === null) {
      atoms.push(w.text);
      continue;
    }
    const v = words[i];
    if (!v || (!v.quoted && GLOB.test(v.text))) return undefined;
    if (value === 'path' ? GLOB.test(v.text) || !insideFolder(v.text, cwd) : !value.test(v.text))
      return undefined;
    atoms.push(`${w.text} <${value === 'path' ? 'path' : 'value'}>`);
    i += 1;
  }
  return atoms;
}

/**
 * The atoms `command` is made of (each simple command's, see `simpleAtoms`; each operator; each
 * redirection, `> <path>` for one to a path) when the fake runs it without asking in `mode` though
 * the corpus does not have it; `undefined` when it does not (see the file's comment). acceptEdits
 * adds `WRITING` and `>`/`>>` to a path inside the folder.
 */
export function safeAtoms(command: string, mode: string, cwd: string): string[] | undefined {
  const tokens = lex(command);
  if (!tokens || tokens.length === 0) return undefined;
  const edits = mode === 'acceptEdits';
  const atoms = new Set<string>();
  let words: Word[] = [];
  const flush = (): boolean => {
    const simple = simpleAtoms(words, cwd, edits);
    words = [];
    for (const atom of simple ?? []) atoms.add(atom);
    return simple !== undefined;
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if ('text' in t) {
      words.push(t);
      continue;
    }
    if (QUIET.includes(t.op)) {
      atoms.add(t.op);
      continue;
    }
    if (t.op === '>' || t.op === '>>') {
      const target = tokens[k + 1];
      if (!edits || !target || !('text' in target) || GLOB.test(target.text)) return undefined;
      if (!belowFolder(target.text, cwd)) return undefined;
      atoms.add(`${t.op} <path>`);
      k += 1;
      continue;
    }
    if (!OPERATORS.includes(t.op) || words.length === 0 || !flush()) return undefined;
    atoms.add(t.op);
  }
  return words.length > 0 && flush() ? [...atoms] : undefined;
}

/** Whether the fake runs `command` without asking in `mode` though the corpus does not have it. */
export function safeCommand(command: string, mode: string, cwd: string): boolean {
  return safeAtoms(command, mode, cwd) !== undefined;
}
