import { dirname } from 'node:path';
import { DATA_BY_VERSION } from './data/index.js';
import { safeCommand } from './safe-command.js';
import { type BashDecision, type BashDenial, type BashPermissionData, decodeDecision } from './types.js';

export type { BashDecision, BashDenial, BashOutcome, BashPermissionData } from './types.js';
export { decodeDecision, encodeDecision } from './types.js';

/** Each emulated version's captured Bash decisions (`npm run fake:capture-bash-permission`). */
const DATA = DATA_BY_VERSION as Readonly<Record<string, BashPermissionData>>;

/** The captured data of `version`, if any. */
export function bashPermissionData(version: string): BashPermissionData | undefined {
  return DATA[version];
}

/** The folder above `cwd`, when it is not the file system's root. */
function rootOf(cwd: string): string | undefined {
  const root = dirname(cwd);
  return root === cwd || root === '/' ? undefined : root;
}

/** `{cwd}` → the session's folder, `{root}` → the folder above it. */
export function fillCwd(template: string, cwd: string): string {
  const filled = template.split('{cwd}').join(cwd);
  const root = rootOf(cwd);
  return root === undefined ? filled : filled.split('{root}').join(root);
}

/** `fillCwd` in every string of `value`. */
function fillDeep<T>(value: T, cwd: string): T {
  if (typeof value === 'string') return fillCwd(value, cwd) as T;
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, cwd)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, cwd)])) as T;
  return value;
}

/** The session's folder → `{cwd}` (in a command). */
export function templateCwd(value: string, cwd: string): string {
  return cwd === '' ? value : value.split(cwd).join('{cwd}');
}

/** The session's folder → `{cwd}`, then the folder above it → `{root}` (in a denial). */
export function templatePaths(value: string, cwd: string): string {
  const root = rootOf(cwd);
  const templated = templateCwd(value, cwd);
  return root === undefined ? templated : templated.split(root).join('{root}');
}

/** One version's data, decoded. */
interface Decoded {
  /** By mode, the decision about each command of the corpus (and as the data writes it). */
  byMode: Map<string, Map<string, { decision: BashDecision; text: string }>>;
  /** By mode, the reason a run without asking reports most often (none: the version reports none). */
  runReason: Map<string, string | undefined>;
  /** By mode, its denial of whatever it does not run (dontAsk's, plan's classifier): its most common one. */
  modeDenial: Map<string, string | undefined>;
}

const decoded = new Map<string, Decoded>();

function decode(version: string, data: BashPermissionData): Decoded {
  let out = decoded.get(version);
  if (out) return out;
  out = { byMode: new Map(), runReason: new Map(), modeDenial: new Map() };
  const mostCommon = <T>(counts: Map<T, number>) => [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  for (const [mode, list] of Object.entries(data.modes)) {
    const byCommand = new Map<string, { decision: BashDecision; text: string }>();
    const reasons = new Map<string | undefined, number>();
    const denials = new Map<string, number>();
    list.forEach((text, i) => {
      const d = decodeDecision(text);
      const command = data.commands[i];
      if (!d || command === undefined) return;
      byCommand.set(command, { decision: d, text });
      if (d.outcome === 'run') reasons.set(d.reasonType, (reasons.get(d.reasonType) ?? 0) + 1);
      if (d.outcome === 'deny') denials.set(text, (denials.get(text) ?? 0) + 1);
    });
    out.byMode.set(mode, byCommand);
    out.runReason.set(mode, mostCommon(reasons));
    out.modeDenial.set(mode, mostCommon(denials));
  }
  decoded.set(version, out);
  return out;
}

/**
 * How the emulated version gates a Bash call before anyone is asked:
 * - `run`: without asking (`reasonType`: the reason it reports);
 * - `ask`: the real CLI asks the client whatever the mode (its captured decision; plan's
 *   classifier does not take it);
 * - `deny`: the real CLI denies it, with this denial, whatever the mode would otherwise say (a
 *   safety check);
 * - `mode`: it is not run without asking, and the mode decides as for any tool (ask, or the mode's
 *   denial: dontAsk's, plan's classifier's).
 */
export type BashGate =
  | { kind: 'run'; reasonType?: string }
  | { kind: 'ask' }
  | { kind: 'deny'; reasonType: string; denial: BashDenial }
  | { kind: 'mode' };

/**
 * How `version` gates the Bash `command` in `mode`: a command of its captured corpus as the real
 * CLI did; another runs only when the rule for unseen commands allows it (safe-command.ts), else the
 * mode decides. The fake never runs without asking what the real CLI would ask about or deny, as
 * far as the corpus shows.
 */
export function bashGate(version: string, mode: string, command: string, cwd: string): BashGate {
  const data = DATA[version];
  const known = data ? decode(version, data) : undefined;
  const captured = known?.byMode.get(mode)?.get(templateCwd(command, cwd));
  if (data && known && captured) {
    const { decision, text } = captured;
    switch (decision.outcome) {
      case 'run':
        return {
          kind: 'run',
          ...(decision.reasonType === undefined ? {} : { reasonType: decision.reasonType }),
        };
      case 'ask':
        return { kind: 'ask' };
      case 'deny': {
        const denial = data.denials[decision.denial ?? -1];
        if (!denial || known.modeDenial.get(mode) === text) return { kind: 'mode' };
        const details = denial.details && fillDeep(denial.details, cwd);
        return {
          kind: 'deny',
          reasonType: decision.reasonType ?? 'other',
          denial: { message: fillCwd(denial.message, cwd), ...(details ? { details } : {}) },
        };
      }
    }
  }
  if (!safeCommand(command, mode, cwd)) return { kind: 'mode' };
  const reasonType = known?.runReason.get(known.byMode.has(mode) ? mode : 'default');
  return { kind: 'run', ...(reasonType === undefined ? {} : { reasonType }) };
}
