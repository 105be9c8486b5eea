import type { Finding, JsonPath } from '../findings/index.js';
import { type DriftCode, driftSeverity } from './drift-codes.js';
import { isTimingDependent, type KindedMessage, kindedMessages } from './message-kinds.js';
import { excerpt, normalizeText } from './normalize.js';
import { CATALOGUE_LISTS, type Shape, shapeOf } from './shape.js';
import { stderrOf, type WireLog } from './wire-log.js';

/**
 * The structural comparison of two runs of the same scenario — a baseline (fixture of the pinned
 * CLI) and a current run (a new CLI, or a second fixture) — used by both `run` and `diff`.
 *
 * What is compared: the message kinds (type / subtype / control subtype, and for the CLI's answers
 * the request they answer), their number and order, the merged structure of each kind (key sets,
 * JSON types, discriminator values), tool-result / error / result texts, permission prompts and
 * denials, the exit code and unknown-flag errors. What is not: ids, timestamps, durations, costs,
 * paths, and the number of timing-dependent messages (stream events, rate-limit events, keep-alives).
 */
export interface CompareOptions {
  /** Stamped on every finding's location. */
  scenario?: string;
}

const ZOD_ERROR = /ZodError/;
const AUTO_DENY = /haven't granted it yet/;
const UNKNOWN_OPTION = /unknown option '([^']+)'/;

type Json = Record<string, unknown>;

export function compareWireLogs(
  baseline: WireLog,
  current: WireLog,
  options: CompareOptions = {},
): Finding[] {
  const findings: Finding[] = [];
  const emitted = new Set<DriftCode>();
  const add = (
    code: DriftCode,
    message: string,
    details: { path?: JsonPath; expected?: unknown; actual?: unknown; frame?: number } = {},
  ): void => {
    emitted.add(code);
    findings.push({
      code,
      severity: driftSeverity(code),
      message,
      path: details.path ?? [],
      ...(details.expected === undefined ? {} : { expected: details.expected }),
      ...(details.actual === undefined ? {} : { actual: details.actual }),
      location: {
        ...(options.scenario === undefined ? {} : { scenario: options.scenario }),
        ...(details.frame === undefined ? {} : { frame: details.frame }),
      },
    });
  };

  const base = kindedMessages(baseline);
  const cur = kindedMessages(current);
  const baseGroups = groupByKind(base);
  const curGroups = groupByKind(cur);

  // A hang: the current run had to be killed (deadline, silence) where the baseline ended by itself,
  // or before the result(s) the baseline reached.
  const baseResults = base.filter((m) => m.type === 'result').length;
  const curResults = cur.filter((m) => m.type === 'result').length;
  const killedRun = (log: WireLog) => log.signal !== null || (log.complete && log.exitCode === null);
  const hang = killedRun(current) && (!killedRun(baseline) || curResults < baseResults);
  if (hang) {
    const lastKind = cur.at(-1)?.kind;
    add(
      'drift/hang',
      `the CLI stopped answering and was killed (last message: ${lastKind ?? 'none'}); ` +
        `the baseline ended by itself with ${exitText(baseline)} after ${baseResults} result(s)`,
      {
        expected: { results: baseResults, exitCode: baseline.exitCode, signal: baseline.signal },
        actual: { results: curResults, exitCode: current.exitCode, signal: current.signal },
        frame: cur.at(-1)?.frame,
      },
    );
  }

  compareKinds();
  compareShapes();
  compareTexts();
  comparePermissions();
  compareExitStatus();
  return findings;

  function compareKinds(): void {
    const gone = [...baseGroups.keys()].filter((k) => !curGroups.has(k));
    const fresh = new Set([...curGroups.keys()].filter((k) => !baseGroups.has(k)));
    const handledFresh = new Set<string>();
    for (const kind of gone) {
      const first = baseGroups.get(kind)![0]!;
      if (hang) continue; // everything after the stall is missing: the hang is the finding
      if (kind === 'control_request/can_use_tool') {
        add('drift/permission-prompt-missing', 'no can_use_tool prompt arrives any more', {
          expected: baseGroups.get(kind)!.length,
          actual: 0,
        });
        continue;
      }
      const answer = /^control_response\/(success|error) \((.+)\)$/.exec(kind);
      if (answer) {
        const [, outcome, request] = answer;
        const other = `control_response/${outcome === 'success' ? 'error' : 'success'} (${request})`;
        if (fresh.has(other)) {
          handledFresh.add(other);
          const reply = curGroups.get(other)![0]!;
          add(
            outcome === 'success' ? 'drift/request-now-rejected' : 'drift/request-now-accepted',
            outcome === 'success'
              ? `the ${request} request is now rejected: ${excerpt(String(get(reply.msg, 'response', 'error') ?? ''))}`
              : `the ${request} request, rejected by the baseline, is now answered with success`,
            {
              path: ['response', 'subtype'],
              expected: outcome,
              actual: get(reply.msg, 'response', 'subtype'),
              frame: reply.frame,
            },
          );
          continue;
        }
      }
      const sameType = [...fresh].filter((k) => curGroups.get(k)![0]!.type === first.type);
      if (sameType.length > 0 && first.type !== first.kind) {
        add(
          'drift/subtype-gone',
          `${kind} is no longer sent (new of the same type: ${sameType.join(', ')})`,
          {
            path: ['subtype'],
            expected: kind,
            actual: sameType,
          },
        );
      } else if (first.type !== first.kind && cur.some((m) => m.type === first.type)) {
        add('drift/subtype-gone', `${kind} is no longer sent`, { path: ['subtype'], expected: kind });
      } else {
        add('drift/message-gone', `${kind} is no longer sent`, { path: ['type'], expected: kind });
      }
    }
    for (const kind of fresh) {
      if (handledFresh.has(kind)) continue;
      const first = curGroups.get(kind)![0]!;
      const typeKnown = base.some((m) => m.type === first.type);
      add(
        typeKnown ? 'drift/subtype-new' : 'drift/message-new',
        `${kind} is new (${curGroups.get(kind)!.length}×)`,
        { path: [typeKnown ? 'subtype' : 'type'], actual: kind, frame: first.frame },
      );
    }
    if (hang) return;

    // Counts and order of the kinds both runs sent (timing-dependent kinds excluded).
    let countsDiffer = false;
    for (const [kind, baseList] of baseGroups) {
      const curList = curGroups.get(kind);
      if (!curList || isTimingDependent(kind) || curList.length === baseList.length) continue;
      countsDiffer = true;
      if (kind === 'control_request/can_use_tool' && curList.length < baseList.length) {
        add('drift/permission-prompt-missing', `fewer can_use_tool prompts arrive than in the baseline`, {
          expected: baseList.length,
          actual: curList.length,
        });
      } else {
        add(
          'drift/message-count-changed',
          `${kind} is sent ${curList.length}× (baseline: ${baseList.length}×)`,
          {
            expected: baseList.length,
            actual: curList.length,
            frame: curList[0]!.frame,
          },
        );
      }
    }
    if (countsDiffer) return;
    const common = (list: KindedMessage[]) =>
      list.filter((m) => !isTimingDependent(m.kind) && baseGroups.has(m.kind) && curGroups.has(m.kind));
    const baseSeq = common(base).map((m) => m.kind);
    const curSeq = common(cur);
    const at = baseSeq.findIndex((kind, i) => curSeq[i]?.kind !== kind);
    if (at !== -1) {
      add('drift/order-changed', `the messages arrive in another order from #${at} on`, {
        expected: baseSeq.slice(at, at + 5),
        actual: curSeq.slice(at, at + 5).map((m) => m.kind),
        frame: curSeq[at]?.frame,
      });
    }
  }

  function compareShapes(): void {
    for (const [kind, baseList] of baseGroups) {
      const curList = curGroups.get(kind);
      if (!curList) continue;
      walk(
        shapeOf(baseList.map((m) => m.msg)),
        shapeOf(curList.map((m) => m.msg)),
        [],
        kind,
        curList[0]!.frame,
      );
    }
  }

  function walk(b: Shape, c: Shape, path: JsonPath, kind: string, frame: number): void {
    if (b.seen === 0 || c.seen === 0) return;
    const where = `${kind} ${renderPath(path)}`;
    const newTypes = [...c.types.keys()].filter((t) => !b.types.has(t));
    if (newTypes.length > 0) {
      add('drift/field-retyped', `${where} is now ${newTypes.join(' | ')}`, {
        path,
        expected: [...b.types.keys()],
        actual: [...c.types.keys()],
        frame,
      });
    }
    compareValues(b, c, path, where, frame);
    if (b.objects > 0 && c.objects > 0 && b.map === c.map) {
      for (const [name, bChild] of b.keys) {
        const cChild = c.keys.get(name);
        const childPath = [...path, name];
        const always = bChild.seen === b.objects;
        if (!cChild) {
          if (name === '*') continue; // a map that is now empty: its entries are data
          add(
            always ? 'drift/field-gone' : 'drift/optional-field-gone',
            `${kind} ${renderPath(childPath)} is gone`,
            { path: childPath, expected: [...bChild.types.keys()], frame },
          );
          continue;
        }
        if (always && cChild.seen < c.objects) {
          add(
            'drift/field-now-optional',
            `${kind} ${renderPath(childPath)} is now missing from some messages`,
            {
              path: childPath,
              expected: `${b.objects}/${b.objects}`,
              actual: `${cChild.seen}/${c.objects}`,
              frame,
            },
          );
        }
        walk(bChild, cChild, childPath, kind, frame);
      }
      for (const [name, cChild] of c.keys) {
        if (b.keys.has(name) || name === '*') continue;
        add('drift/field-new', `${kind} ${renderPath([...path, name])} is new`, {
          path: [...path, name],
          actual: [...cChild.types.keys()],
          frame,
        });
      }
    }
    if (b.arrays > 0 && c.arrays > 0) {
      const itemPath = [...path, '*'];
      const key = lastKey(path);
      if (b.items && c.items) walk(b.items, c.items, itemPath, kind, frame);
      else if (b.items && !c.items && key !== 'permission_denials') {
        add('drift/list-now-empty', `${where} is now always empty`, { path, frame });
      } else if (!b.items && c.items && key !== 'permission_denials') {
        add('drift/list-now-filled', `${where} now has entries`, {
          path,
          actual: [...c.items.types.keys()],
          frame,
        });
      }
    }
  }

  function compareValues(b: Shape, c: Shape, path: JsonPath, where: string, frame: number): void {
    if (!b.values || !c.values) return;
    const key = lastKey(path);
    const gone = [...b.values.keys()].filter((v) => !c.values!.has(v));
    const fresh = [...c.values.keys()].filter((v) => !b.values!.has(v));
    if (gone.length === 0 && fresh.length === 0) return;
    const parse = (list: string[]) => list.map((v) => JSON.parse(v) as unknown);
    if (key === 'type' || key === 'subtype') {
      if (gone.length > 0) {
        add('drift/subtype-gone', `${where}: ${gone.join(', ')} no longer sent`, {
          path,
          expected: parse(gone),
          actual: parse([...c.values.keys()]),
          frame,
        });
      }
      if (fresh.length > 0) {
        add('drift/subtype-new', `${where}: ${fresh.join(', ')} is new`, {
          path,
          actual: parse(fresh),
          frame,
        });
      }
      return;
    }
    if (key !== undefined && CATALOGUE_LISTS.has(key) && path.at(-1) === '*') {
      if (gone.length > 0)
        add('drift/list-item-gone', `${where}: ${gone.join(', ')} gone`, {
          path,
          expected: parse(gone),
          frame,
        });
      if (fresh.length > 0)
        add('drift/list-item-new', `${where}: ${fresh.join(', ')} new`, {
          path,
          actual: parse(fresh),
          frame,
        });
      return;
    }
    add(
      'drift/value-changed',
      `${where} was ${[...b.values.keys()].join(' | ')}, now ${[...c.values.keys()].join(' | ')}`,
      {
        path,
        expected: parse([...b.values.keys()]),
        actual: parse([...c.values.keys()]),
        frame,
      },
    );
  }

  function compareTexts(): void {
    if (hang) return;
    for (const [kind, baseList] of baseGroups) {
      const curList = curGroups.get(kind);
      if (!curList) continue;
      const baseTexts = textsByPath(baseList);
      const curTexts = textsByPath(curList);
      for (const [path, bItems] of baseTexts) {
        const cItems = curTexts.get(path) ?? [];
        bItems.forEach((bItem, i) => {
          const cItem = cItems[i];
          if (!cItem) return;
          const bText = normalizeText(bItem.text);
          const cText = normalizeText(cItem.text);
          if (bText === cText) return;
          const details = {
            path: cItem.path,
            expected: excerpt(bText, 400),
            actual: excerpt(cText, 400),
            frame: cItem.frame,
          };
          if (ZOD_ERROR.test(cText) && !ZOD_ERROR.test(bText)) {
            add(
              'drift/zod-error',
              `${kind} ${renderPath(cItem.path)}: the reply is now rejected with a ZodError`,
              details,
            );
          } else if (ZOD_ERROR.test(bText) && !ZOD_ERROR.test(cText)) {
            add(
              'drift/reply-now-accepted',
              `${kind} ${renderPath(cItem.path)}: the reply the baseline rejected is now accepted`,
              details,
            );
          } else if (AUTO_DENY.test(cText) && !AUTO_DENY.test(bText)) {
            add(
              'drift/auto-denial',
              `${kind} ${renderPath(cItem.path)}: the tool was denied without a prompt`,
              details,
            );
          } else {
            add('drift/text-changed', `${kind} ${renderPath(cItem.path)} reads differently`, details);
          }
        });
      }
    }
  }

  function comparePermissions(): void {
    const denials = (list: KindedMessage[]) =>
      list
        .filter((m) => m.type === 'result')
        .reduce(
          (n, m) =>
            n +
            (Array.isArray(get(m.msg, 'permission_denials'))
              ? (get(m.msg, 'permission_denials') as unknown[]).length
              : 0),
          0,
        );
    const b = denials(base);
    const c = denials(cur);
    if (c > b && !emitted.has('drift/auto-denial')) {
      const last = cur.filter((m) => m.type === 'result').at(-1);
      add(
        'drift/auto-denial',
        `permission_denials grew from ${b} to ${c}: tools were denied without a prompt`,
        {
          path: ['permission_denials'],
          expected: b,
          actual: get(last?.msg, 'permission_denials'),
          frame: last?.frame,
        },
      );
    }
  }

  function compareExitStatus(): void {
    const stderr = stderrOf(current);
    const unknown = UNKNOWN_OPTION.exec(stderr);
    if (unknown && !UNKNOWN_OPTION.test(stderrOf(baseline))) {
      add('drift/unknown-flag', `the CLI rejects ${unknown[1]} as an unknown option`, {
        expected: 'the flag accepted',
        actual: excerpt(stderr, 300),
      });
    }
    if (hang || !baseline.complete || !current.complete) return;
    if (baseline.exitCode !== current.exitCode || baseline.signal !== current.signal) {
      add(
        'drift/exit-code-changed',
        `the CLI exits with ${exitText(current)} (baseline: ${exitText(baseline)})`,
        {
          expected: { exitCode: baseline.exitCode, signal: baseline.signal },
          actual: { exitCode: current.exitCode, signal: current.signal },
        },
      );
    }
  }
}

function exitText(log: WireLog): string {
  return log.signal ? `signal ${log.signal}` : `code ${log.exitCode ?? 'none'}`;
}

function groupByKind(messages: KindedMessage[]): Map<string, KindedMessage[]> {
  const groups = new Map<string, KindedMessage[]>();
  for (const m of messages) {
    const list = groups.get(m.kind);
    if (list) list.push(m);
    else groups.set(m.kind, [m]);
  }
  return groups;
}

interface TextItem {
  path: JsonPath;
  text: string;
  frame: number;
}

/** Texts that carry the protocol's verdicts: tool results, error replies, result texts and errors. */
export function textsOf(msg: unknown): Array<{ path: JsonPath; text: string }> {
  const out: Array<{ path: JsonPath; text: string }> = [];
  if (!isRecord(msg)) return out;
  if (msg.type === 'user') {
    const content = get(msg, 'message', 'content');
    if (Array.isArray(content)) {
      content.forEach((block, i) => {
        if (isRecord(block) && block.type === 'tool_result') {
          out.push({ path: ['message', 'content', i, 'content'], text: blockText(block.content) });
        }
      });
    }
    if (typeof msg.tool_use_result === 'string')
      out.push({ path: ['tool_use_result'], text: msg.tool_use_result });
  }
  if (msg.type === 'control_response') {
    const error = get(msg, 'response', 'error');
    if (typeof error === 'string') out.push({ path: ['response', 'error'], text: error });
  }
  if (msg.type === 'result') {
    if (typeof msg.result === 'string') out.push({ path: ['result'], text: msg.result });
    if (Array.isArray(msg.errors)) {
      msg.errors.forEach((e, i) => {
        if (typeof e === 'string') out.push({ path: ['errors', i], text: e });
      });
    }
  }
  return out;
}

function textsByPath(list: KindedMessage[]): Map<string, TextItem[]> {
  const out = new Map<string, TextItem[]>();
  for (const m of list) {
    for (const t of textsOf(m.msg)) {
      const key = renderPath(t.path);
      const items = out.get(key);
      const item = { ...t, frame: m.frame };
      if (items) items.push(item);
      else out.set(key, [item]);
    }
  }
  return out;
}

function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((c) => (isRecord(c) && typeof c.text === 'string' ? c.text : '')).join('');
  return content === undefined ? '' : JSON.stringify(content);
}

/** `$.message.content[*].type`: `*` stands for every element of an array or entry of a map. */
export function renderPath(path: JsonPath): string {
  let out = '$';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (part === '*') out += '[*]';
    else out += /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`;
  }
  return out;
}

function lastKey(path: JsonPath): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const part = path[i];
    if (typeof part === 'string' && part !== '*') return part;
  }
  return undefined;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function get(value: unknown, ...path: string[]): unknown {
  let cur = value;
  for (const key of path) {
    if (!isRecord(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}
