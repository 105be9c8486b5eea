import { compareWireLogs } from '../../src/canary/compare.js';
import type { DriftCode } from '../../src/canary/drift-codes.js';
import { isTimingDependent, type KindedMessage, kindedMessages } from '../../src/canary/message-kinds.js';
import { renderPath } from '../../src/canary/render-path.js';
import { textsOf } from '../../src/canary/rules/texts.js';
import { type Shape, shapeOf } from '../../src/canary/shape.js';
import type { WireFrame, WireLog } from '../../src/canary/wire-log.js';
import type { Severity } from '../../src/findings/index.js';
import { CATALOGUE_LISTS } from '../../src/protocol/contract-keys.js';
import { getPath, isRecord } from '../../src/util/json.js';

/**
 * Mutation operators for the drift classifier: every class of change a new CLI can make to a run,
 * applied to real fixtures. A mutant is caught when the comparison of the untouched fixture (the
 * baseline) with the mutant reports a finding at or above the operator's severity. The table of
 * operators and severities is `MUTATION_OPERATORS`; docs/drift-report.md prints it.
 */
type Json = Record<string, unknown>;
type Path = ReadonlyArray<string | number>;

export interface MutationSite {
  /** Where, for messages: `assistant $.message.model`, `frame 4`. */
  label: string;
  /** Mutates a deep copy of the log in place. */
  apply(log: WireLog): void;
}

export interface MutationOperator {
  id: string;
  /** The class of change, as the table says it. */
  change: string;
  severity: Severity;
  /** The finding that names it. */
  code: DriftCode;
  sites(log: WireLog): MutationSite[];
}

const SEVERITY_RANK: Record<Severity, number> = { cosmetic: 0, additive: 1, changed: 2, breaking: 3 };

export function atOrAbove(severity: Severity, threshold: Severity): boolean {
  return SEVERITY_RANK[severity] >= SEVERITY_RANK[threshold];
}

/** The mutant of `log` at `site`, and whether the comparison with the baseline catches it. */
export function runMutant(
  op: MutationOperator,
  baseline: WireLog,
  site: MutationSite,
  scenario?: string,
  compare: (a: WireLog, b: WireLog) => Array<{ code: string; severity: Severity }> = (a, b) =>
    compareWireLogs(a, b, { scenario, variation: [] }),
): { caught: boolean; codes: string[] } {
  const mutant = structuredClone(baseline);
  site.apply(mutant);
  const findings = compare(baseline, mutant);
  return {
    caught: findings.some((f) => atOrAbove(f.severity, op.severity)),
    codes: findings.map((f) => `${f.severity} ${f.code}`),
  };
}

// ---- helpers -------------------------------------------------------------------------------------

function kinded(log: WireLog): KindedMessage[] {
  return kindedMessages(log);
}

function groups(log: WireLog): Map<string, KindedMessage[]> {
  const out = new Map<string, KindedMessage[]>();
  for (const m of kinded(log)) {
    const list = out.get(m.kind);
    if (list) list.push(m);
    else out.set(m.kind, [m]);
  }
  return out;
}

function messagesOfKind(log: WireLog, kind: string): Json[] {
  return kinded(log)
    .filter((m) => m.kind === kind && isRecord(m.msg))
    .map((m) => m.msg as Json);
}

/** Calls `fn(parent, key)` for every object at `path` (without its last part) in `msg`; `*` = every element. */
function atPath(value: unknown, path: Path, fn: (parent: Json, key: string) => void): void {
  if (path.length === 0) return;
  const [head, ...rest] = path;
  if (head === '*') {
    if (Array.isArray(value)) for (const item of value) atPath(item, rest, fn);
    return;
  }
  if (!isRecord(value)) return;
  if (rest.length === 0) {
    if (Object.hasOwn(value, head as string)) fn(value, head as string);
    return;
  }
  atPath(value[head as string], rest, fn);
}

/** Paths that define a message's kind: mutated by the kind operators, not the field ones. */
function definesKind(path: Path): boolean {
  const p = path.join('.');
  return [
    'type',
    'subtype',
    'event',
    'request.subtype',
    'response.subtype',
    'response.request_id',
    'request_id',
    'event.type',
  ].includes(p);
}

interface FieldNode {
  kind: string;
  path: Path;
  shape: Shape;
  /** The shape of the object the field sits in. */
  parent: Shape;
}

/** Every field of every kind of the log, as the comparison sees them (maps and their entries left out). */
function fieldNodes(log: WireLog): FieldNode[] {
  const out: FieldNode[] = [];
  for (const [kind, list] of groups(log)) {
    const walk = (shape: Shape, path: Path): void => {
      if (shape.objects > 0 && !shape.map) {
        for (const [name, child] of shape.keys) {
          const childPath = [...path, name];
          out.push({ kind, path: childPath, shape: child, parent: shape });
          walk(child, childPath);
        }
      }
      if (shape.items) walk(shape.items, [...path, '*']);
    };
    walk(shapeOf(list.map((m) => m.msg)), []);
  }
  return out;
}

/** Object nodes (not maps), the root excluded. */
function objectNodes(log: WireLog): Array<{ kind: string; path: Path; shape: Shape }> {
  return fieldNodes(log)
    .filter((n) => n.shape.objects > 0 && !n.shape.map && n.shape.types.size === 1)
    .map((n) => ({ kind: n.kind, path: n.path, shape: n.shape }));
}

function label(kind: string, path: Path): string {
  return `${kind} ${renderPath(path)}`;
}

function forKind(log: WireLog, kind: string, path: Path, fn: (parent: Json, key: string) => void): void {
  for (const msg of messagesOfKind(log, kind)) atPath(msg, path, fn);
}

function fromCliIndices(log: WireLog): number[] {
  return log.frames.flatMap((f, i) => (f.dir === 'from-cli' && f.msg !== undefined ? [i] : []));
}

function insertAfterFirst(log: WireLog, msg: Json): void {
  const at = fromCliIndices(log)[0] ?? -1;
  log.frames.splice(at + 1, 0, { dir: 'from-cli', msg });
}

const isAnswer = (kind: string, outcome: 'success' | 'error') =>
  kind.startsWith(`control_response/${outcome} (`);
const frameOf = (log: WireLog, m: KindedMessage): WireFrame => log.frames[m.frame]!;

function appendText(msg: Json, path: Path, suffix: string): void {
  const last = path.at(-1)!;
  const parent = path.slice(0, -1).reduce<unknown>((v, p) => (v as Json | unknown[])?.[p as never], msg);
  if (parent === undefined || parent === null) return;
  const holder = parent as Record<string | number, unknown>;
  const value = holder[last];
  if (typeof value === 'string') holder[last] = value + suffix;
  else if (Array.isArray(value)) {
    const block = value.find((b) => isRecord(b) && typeof b.text === 'string') as Json | undefined;
    if (block) block.text = `${block.text as string}${suffix}`;
    else value.push({ type: 'text', text: suffix });
  } else holder[last] = JSON.stringify(value ?? '') + suffix;
}

// ---- operators -----------------------------------------------------------------------------------

const fieldGone = (always: boolean): MutationOperator => ({
  id: always ? 'field-gone' : 'optional-field-gone',
  change: always ? 'a field always sent is gone' : 'a field sent sometimes is gone',
  severity: always ? 'breaking' : 'changed',
  code: always ? 'drift/field-gone' : 'drift/optional-field-gone',
  sites: (log) =>
    fieldNodes(log)
      .filter((n) => !definesKind(n.path) && (n.shape.seen === n.parent.objects) === always)
      .map((n) => ({
        label: label(n.kind, n.path),
        apply: (m) => forKind(m, n.kind, n.path, (parent, key) => delete parent[key]),
      })),
});

const OPERATORS: MutationOperator[] = [
  fieldGone(true),
  fieldGone(false),
  {
    id: 'field-now-optional',
    change: 'a field always sent is now missing from some messages',
    severity: 'changed',
    code: 'drift/field-now-optional',
    sites: (log) =>
      fieldNodes(log)
        .filter((n) => !definesKind(n.path) && n.parent.objects >= 2 && n.shape.seen === n.parent.objects)
        .map((n) => ({
          label: label(n.kind, n.path),
          apply: (m) => {
            let done = false;
            forKind(m, n.kind, n.path, (parent, key) => {
              if (!done) delete parent[key];
              done = true;
            });
          },
        })),
  },
  {
    id: 'field-retyped',
    change: 'a field carries another JSON type',
    severity: 'breaking',
    code: 'drift/field-retyped',
    sites: (log) =>
      fieldNodes(log)
        .filter((n) => !definesKind(n.path))
        .flatMap((n) => {
          const value = !n.shape.types.has('number')
            ? 12345
            : !n.shape.types.has('string')
              ? 'mutant'
              : undefined;
          if (value === undefined) return [];
          return [
            {
              label: label(n.kind, n.path),
              apply: (m: WireLog) => forKind(m, n.kind, n.path, (parent, key) => (parent[key] = value)),
            },
          ];
        }),
  },
  {
    id: 'key-renamed',
    change: 'a field always sent is renamed',
    severity: 'breaking',
    code: 'drift/field-gone',
    sites: (log) =>
      fieldNodes(log)
        .filter((n) => !definesKind(n.path) && n.shape.seen === n.parent.objects)
        .map((n) => ({
          label: label(n.kind, n.path),
          apply: (m) =>
            forKind(m, n.kind, n.path, (parent, key) => {
              parent[`${key}Renamed`] = parent[key];
              delete parent[key];
            }),
        })),
  },
  {
    id: 'non-identifier-key-added',
    change: 'a key that is not an identifier (`x-new`) appears while a field is gone',
    severity: 'breaking',
    code: 'drift/field-gone',
    sites: (log) =>
      fieldNodes(log)
        .filter((n) => !definesKind(n.path) && n.path.length > 0 && n.shape.seen === n.parent.objects)
        .map((n) => ({
          label: label(n.kind, n.path),
          apply: (m) =>
            forKind(m, n.kind, n.path, (parent, key) => {
              delete parent[key];
              parent['x-new'] = true;
            }),
        })),
  },
  ...constantOperators(),
  {
    id: 'empty-object-gains-keys',
    change: 'an object always empty gains keys',
    severity: 'additive',
    code: 'drift/field-new',
    sites: (log) =>
      objectNodes(log)
        .filter((n) => n.shape.keys.size === 0)
        .map((n) => ({
          label: label(n.kind, n.path),
          apply: (m) => forKind(m, n.kind, n.path, (parent, key) => (parent[key] = { mutant_key: [] })),
        })),
  },
  {
    id: 'object-emptied',
    change: 'an object with fields always sent becomes `{}`',
    severity: 'breaking',
    code: 'drift/field-gone',
    sites: (log) =>
      objectNodes(log)
        .filter((n) => [...n.shape.keys.values()].some((k) => k.seen === n.shape.objects))
        .map((n) => ({
          label: label(n.kind, n.path),
          apply: (m) => forKind(m, n.kind, n.path, (parent, key) => (parent[key] = {})),
        })),
  },
  {
    id: 'message-type-new',
    change: 'a message type never sent before',
    severity: 'additive',
    code: 'drift/message-new',
    sites: (log) =>
      fromCliIndices(log).length === 0
        ? []
        : [{ label: 'after the first message', apply: (m) => insertAfterFirst(m, { type: 'clide_mutant' }) }],
  },
  {
    id: 'subtype-new',
    change: 'a subtype never sent before',
    severity: 'additive',
    code: 'drift/subtype-new',
    sites: (log) =>
      fromCliIndices(log).length === 0
        ? []
        : [
            {
              label: 'after the first message',
              apply: (m) => insertAfterFirst(m, { type: 'system', subtype: 'clide_mutant' }),
            },
          ],
  },
  {
    id: 'kind-gone',
    change: 'a message kind is no longer sent',
    severity: 'breaking',
    code: 'drift/message-gone',
    sites: (log) =>
      [...groups(log).keys()].map((kind) => ({
        label: kind,
        apply: (m) => {
          const drop = new Set(
            kinded(m)
              .filter((k) => k.kind === kind)
              .map((k) => k.frame),
          );
          m.frames = m.frames.filter((_, i) => !drop.has(i));
        },
      })),
  },
  {
    id: 'kind-renamed',
    change: 'a message type or subtype is renamed',
    severity: 'breaking',
    code: 'drift/subtype-gone',
    sites: (log) =>
      [...groups(log).entries()].flatMap(([kind, list]) => {
        const msg = list[0]!.msg as Json;
        const field =
          typeof msg.subtype === 'string'
            ? 'subtype'
            : msg.type === 'control_request' || msg.type === 'control_response' || msg.type === 'stream_event'
              ? undefined
              : 'type';
        if (field === undefined) return [];
        return [
          {
            label: kind,
            apply: (m: WireLog) => {
              for (const k of messagesOfKind(m, kind)) k[field] = `${String(k[field])}_renamed`;
            },
          },
        ];
      }),
  },
  {
    id: 'request-success-to-error',
    change: 'a control request answered with success is now answered with an error',
    severity: 'breaking',
    code: 'drift/request-now-rejected',
    sites: (log) =>
      [...groups(log).keys()]
        .filter((k) => isAnswer(k, 'success'))
        .map((kind) => ({
          label: kind,
          apply: (m) => {
            for (const msg of messagesOfKind(m, kind)) {
              const r = msg.response as Json;
              msg.response = {
                subtype: 'error',
                request_id: r.request_id,
                error: 'Unsupported control request',
              };
            }
          },
        })),
  },
  {
    id: 'request-error-to-success',
    change: 'a control request answered with an error is now answered with success',
    severity: 'changed',
    code: 'drift/request-now-accepted',
    sites: (log) =>
      [...groups(log).keys()]
        .filter((k) => isAnswer(k, 'error'))
        .map((kind) => ({
          label: kind,
          apply: (m) => {
            for (const msg of messagesOfKind(m, kind)) {
              const r = msg.response as Json;
              msg.response = { subtype: 'success', request_id: r.request_id };
            }
          },
        })),
  },
  {
    id: 'reply-payload-changed',
    change: "a control request's success reply carries another payload (`{}` → `{still_queued: []}`)",
    severity: 'changed',
    code: 'drift/reply-payload-changed',
    sites: (log) =>
      [...groups(log).keys()]
        .filter((k) => isAnswer(k, 'success'))
        .map((kind) => ({
          label: kind,
          apply: (m) => {
            for (const msg of messagesOfKind(m, kind)) {
              const r = msg.response as Json;
              const payload = isRecord(r.response) ? r.response : {};
              r.response = {
                ...payload,
                [Object.hasOwn(payload, 'still_queued') ? 'clide_mutant' : 'still_queued']: [],
              };
            }
          },
        })),
  },
  {
    id: 'permission-prompt-gone',
    change: 'the can_use_tool prompt is no longer sent',
    severity: 'breaking',
    code: 'drift/permission-prompt-missing',
    sites: (log) =>
      groups(log).has('control_request/can_use_tool')
        ? [
            {
              label: 'control_request/can_use_tool',
              apply: (m) => {
                const ids = new Set(
                  messagesOfKind(m, 'control_request/can_use_tool').map((msg) => msg.request_id),
                );
                m.frames = m.frames.filter(
                  (f) =>
                    !(
                      isRecord(f.msg) &&
                      ((f.dir === 'from-cli' &&
                        f.msg.type === 'control_request' &&
                        ids.has(f.msg.request_id)) ||
                        (f.dir === 'to-cli' &&
                          f.msg.type === 'control_response' &&
                          ids.has(getPath(f.msg, 'response', 'request_id'))))
                    ),
                );
              },
            },
          ]
        : [],
  },
  {
    id: 'denials-appear',
    change: 'a tool is denied without a prompt (`permission_denials` grows)',
    severity: 'breaking',
    code: 'drift/auto-denial',
    sites: (log) =>
      kinded(log).some((k) => k.type === 'result')
        ? [
            {
              label: 'the last result',
              apply: (m) => {
                const result = kinded(m)
                  .filter((k) => k.type === 'result')
                  .at(-1)!.msg as Json;
                const list = Array.isArray(result.permission_denials) ? result.permission_denials : [];
                result.permission_denials = [
                  ...list,
                  { tool_name: 'Write', tool_use_id: 'toolu_mutant', tool_input: {} },
                ];
              },
            },
          ]
        : [],
  },
  {
    id: 'denials-vanish',
    change: 'a tool the baseline denied is no longer denied (`permission_denials` shrinks)',
    severity: 'breaking',
    code: 'drift/denial-gone',
    sites: (log) =>
      kinded(log).some(
        (k) => k.type === 'result' && ((getPath(k.msg, 'permission_denials') as unknown[]) ?? []).length > 0,
      )
        ? [
            {
              label: 'every result',
              apply: (m) => {
                for (const k of kinded(m))
                  if (k.type === 'result' && isRecord(k.msg)) k.msg.permission_denials = [];
              },
            },
          ]
        : [],
  },
  {
    id: 'order-swapped',
    change: 'two messages of different kinds arrive in the other order',
    severity: 'changed',
    code: 'drift/order-changed',
    sites: (log) => {
      const list = kinded(log);
      const out: MutationSite[] = [];
      for (let i = 0; i + 1 < list.length; i++) {
        const [a, b] = [list[i]!, list[i + 1]!];
        if (
          b.frame !== a.frame + 1 ||
          a.kind === b.kind ||
          isTimingDependent(a.kind) ||
          isTimingDependent(b.kind)
        )
          continue;
        out.push({
          label: `frames ${a.frame} and ${b.frame} (${a.kind}, ${b.kind})`,
          apply: (m) => {
            const f = m.frames;
            [f[a.frame], f[b.frame]] = [f[b.frame]!, f[a.frame]!];
          },
        });
      }
      return out;
    },
  },
  {
    id: 'count-grows',
    change: 'a message kind is sent once more',
    severity: 'changed',
    code: 'drift/message-count-changed',
    sites: (log) =>
      [...groups(log).entries()]
        .filter(([kind]) => !isTimingDependent(kind))
        .map(([kind, list]) => ({
          label: kind,
          apply: (m) => {
            const frame = frameOf(m, list[0]!);
            m.frames.splice(list[0]!.frame + 1, 0, structuredClone(frame));
          },
        })),
  },
  {
    id: 'count-shrinks',
    change: 'a message kind sent several times is sent once less',
    severity: 'changed',
    code: 'drift/message-count-changed',
    sites: (log) =>
      [...groups(log).entries()]
        .filter(([kind, list]) => !isTimingDependent(kind) && list.length >= 2)
        .map(([kind, list]) => ({
          label: kind,
          apply: (m) => {
            m.frames.splice(list.at(-1)!.frame, 1);
          },
        })),
  },
  {
    id: 'exit-code-changed',
    change: 'the process exits with another code',
    severity: 'breaking',
    code: 'drift/exit-code-changed',
    sites: (log) =>
      log.complete && log.exitCode !== null
        ? [{ label: `exit ${log.exitCode}`, apply: (m) => (m.exitCode = m.exitCode === 0 ? 1 : 0) }]
        : [],
  },
  {
    id: 'signal',
    change: 'the process is ended by a signal',
    severity: 'breaking',
    code: 'drift/exit-code-changed',
    sites: (log) =>
      log.complete
        ? [
            {
              label: 'SIGSEGV',
              apply: (m) => {
                m.exitCode = null;
                m.signal = 'SIGSEGV';
              },
            },
          ]
        : [],
  },
  {
    id: 'hang',
    change: 'the CLI stops answering before its last result and is killed',
    severity: 'breaking',
    code: 'drift/hang',
    sites: (log) => {
      const last = kinded(log)
        .filter((k) => k.type === 'result')
        .at(-1);
      if (!last || !log.complete) return [];
      return [
        {
          label: `before frame ${last.frame}`,
          apply: (m) => {
            m.frames = m.frames.slice(0, last.frame);
            m.exitCode = null;
            m.signal = 'SIGKILL';
          },
        },
      ];
    },
  },
  {
    id: 'stderr-error-line',
    change: 'a new error line on stderr',
    severity: 'changed',
    code: 'drift/stderr-error',
    sites: () => [
      { label: 'stderr', apply: (m) => m.frames.push({ dir: 'stderr', raw: 'Error: clide mutant failure' }) },
    ],
  },
  {
    id: 'unknown-flag',
    change: 'a command-line flag is rejected as unknown',
    severity: 'breaking',
    code: 'drift/unknown-flag',
    sites: () => [
      {
        label: 'stderr',
        apply: (m) =>
          m.frames.push({ dir: 'stderr', raw: "error: unknown option '--permission-prompt-tool'" }),
      },
    ],
  },
  ...textOperators(),
  ...catalogueOperators(),
];

function constantOperators(): MutationOperator[] {
  const constants = (log: WireLog, prose: boolean) =>
    fieldNodes(log).filter((n) => {
      const s = n.shape;
      if (definesKind(n.path) || !s.values || s.varied || s.values.size !== 1 || s.types.size !== 1)
        return false;
      const key = n.path.filter((p) => p !== '*').at(-1) as string;
      if (CATALOGUE_LISTS.has(key) || s.types.has('null')) return false;
      const [value] = [...s.values.keys()] as [string];
      if (/<id>|<time>/.test(value)) return false;
      const isProse = /\s/.test(value);
      if (
        isProse &&
        ['content', 'tool_use_result', 'error', 'result', 'errors', 'text', 'thinking'].includes(key)
      )
        return false;
      return isProse === prose;
    });
  const mutate = (parent: Json, key: string) => {
    const v = parent[key];
    if (typeof v === 'boolean') parent[key] = !v;
    else if (typeof v === 'string') parent[key] = `${v}_mutant`;
  };
  return [
    {
      id: 'constant-value-changed',
      change: "a field whose value is the same in all the baseline's messages of a kind has another value",
      severity: 'changed',
      code: 'drift/value-changed',
      sites: (log) =>
        constants(log, false).map((n) => ({
          label: label(n.kind, n.path),
          apply: (m) => forKind(m, n.kind, n.path, mutate),
        })),
    },
    {
      id: 'constant-prose-changed',
      change: 'a constant prose field (a notice, a description) reads differently',
      severity: 'cosmetic',
      code: 'drift/text-changed',
      sites: (log) =>
        constants(log, true).map((n) => ({
          label: label(n.kind, n.path),
          apply: (m) => forKind(m, n.kind, n.path, mutate),
        })),
    },
  ];
}

function textOperators(): MutationOperator[] {
  const make = (id: string, change: string, pick: (msg: Json, path: Path) => boolean): MutationOperator => ({
    id,
    change,
    severity: 'cosmetic',
    code: 'drift/text-changed',
    sites: (log) =>
      kinded(log).flatMap((k, index) =>
        textsOf(k.msg)
          .filter((t) => pick(k.msg as Json, t.path))
          .map((t) => ({
            label: `${k.kind} ${renderPath(t.path)} (frame ${k.frame})`,
            apply: (m: WireLog) => appendText(kinded(m)[index]!.msg as Json, t.path, ' (reworded)'),
          })),
      ),
  });
  return [
    make('tool-result-text', 'a tool result reads differently', (msg) => msg.type === 'user'),
    make(
      'error-text',
      'an error reply or result error reads differently',
      (msg, p) => msg.type === 'control_response' || p[0] === 'errors',
    ),
    make(
      'result-text',
      'a result text reads differently',
      (msg, p) => msg.type === 'result' && p[0] === 'result',
    ),
    make('assistant-text', 'an assistant message reads differently', (msg) => msg.type === 'assistant'),
  ];
}

function catalogueOperators(): MutationOperator[] {
  const lists = (log: WireLog) =>
    [...groups(log).entries()].flatMap(([kind, list]) =>
      [...CATALOGUE_LISTS]
        .filter((key) => list.some((m) => Array.isArray(getPath(m.msg, key))))
        .map((key) => ({ kind, key })),
    );
  return [
    {
      id: 'catalogue-entry-gone',
      change: 'an entry of a catalogue list (tools, agents, skills, slash commands) is gone',
      severity: 'changed',
      code: 'drift/list-item-gone',
      sites: (log) =>
        lists(log)
          .filter(({ kind, key }) => messagesOfKind(log, kind).some((m) => (m[key] as unknown[]).length > 0))
          .map(({ kind, key }) => ({
            label: `${kind} $.${key}`,
            apply: (m) => {
              const first = messagesOfKind(m, kind).flatMap((msg) => msg[key] as unknown[])[0];
              for (const msg of messagesOfKind(m, kind))
                msg[key] = (msg[key] as unknown[]).filter((e) => e !== first);
            },
          })),
    },
    {
      id: 'catalogue-entry-new',
      change: 'a new entry in a catalogue list',
      severity: 'additive',
      code: 'drift/list-item-new',
      sites: (log) =>
        lists(log).map(({ kind, key }) => ({
          label: `${kind} $.${key}`,
          apply: (m) => {
            for (const msg of messagesOfKind(m, kind))
              msg[key] = [...(msg[key] as unknown[]), 'ClideMutantEntry'];
          },
        })),
    },
  ];
}

export const MUTATION_OPERATORS: readonly MutationOperator[] = OPERATORS;

/** Changes the classifier deliberately does not report, with the reason (the table's benign rows). */
export const BENIGN_CHANGES: ReadonlyArray<{ change: string; reason: string }> = [
  {
    change: 'a number has another value (durations, costs, token counts, ports)',
    reason: 'numbers are data of the run, never a contract',
  },
  {
    change: 'an id, timestamp or sandbox path differs',
    reason: 'ids, times and paths are randomised per run and normalised away',
  },
  {
    change: 'the number or order of stream events, rate-limit events, keep-alives',
    reason: 'they depend on timing (their presence is compared)',
  },
  {
    change: 'an entry of a map keyed by data (modelUsage, answers, env)',
    reason: "the keys are data (model names, question texts); the entries' shape is compared",
  },
  {
    change: "what the scenario's variation data lists",
    reason: 'observed to vary between runs of the same CLI',
  },
  {
    change: 'exit status, stderr and the client side of a plain stdout capture',
    reason: 'not recorded by the capture',
  },
];

/** Every operator × site of one fixture, run; for the detection-power report. */
export function detectionOf(
  baseline: WireLog,
  scenario: string,
  ops: readonly MutationOperator[] = MUTATION_OPERATORS,
  compare?: (a: WireLog, b: WireLog) => Array<{ code: string; severity: Severity }>,
): Array<{ op: MutationOperator; site: string; caught: boolean; codes: string[] }> {
  return ops.flatMap((op) =>
    op
      .sites(baseline)
      .map((site) => ({ op, site: site.label, ...runMutant(op, baseline, site, scenario, compare) })),
  );
}
