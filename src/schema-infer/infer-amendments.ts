/**
 * Schema inference: the amendments that make the previous pinned schema set accept a new
 * version's recorded corpus. Every stdout line of the CLI is validated with the engine's own
 * walker; each finding becomes an amendment at the node that raised it (a new field typed from
 * its observed values, a new union member, an enum widened, a field no longer always sent made
 * optional, a retyped field widened). Client lines are the kit's own scripted client and teach
 * nothing, except that a client control request subtype the CLI answers with success is a
 * subtype the CLI now knows. Rounds repeat until the corpus validates or nothing more resolves.
 */
import {
  type Amendment,
  type AmendRoot,
  amendSchemaSet,
  formatRoute,
  rootSchemaOf,
} from '../../schemas/amend.js';
import type { SchemaSet } from '../../schemas/schema-set.js';
import { defOf, kindOf } from '../../schemas/zod-walk.js';
import { type Finding, formatPath } from '../findings/index.js';
import { deliberateMistakes, SCENARIOS } from '../scenarios/index.js';
import { isRecord } from '../util/json.js';
import { walkSchema } from '../validate/schema-walker.js';
import { inferShape, type Shape, shapeToSource, shapeToZod } from './infer-shape.js';
import { resolveRoute, valueAt } from './resolve-route.js';

export interface CorpusFrame {
  dir: 'to-cli' | 'from-cli';
  seq: number;
  msg: unknown;
}

export interface CorpusFile {
  /** File name, for provenance. */
  file: string;
  frames: CorpusFrame[];
  /** The catalogue scenario recorded (the fixture header's). */
  scenario?: string;
  /** The scenario's own checks failed: what its client sent is no sign of what the CLI accepts. */
  failed?: boolean;
}

/** One drafted amendment: the zod value to apply and the source a reviewer reads. */
export interface InferredAmendment {
  amendment: Amendment;
  /** The call as zod source, e.g. `addField('out', '<type=system><subtype=init>', 'x', z.string())`. */
  source: string;
  /** The message kind it was seen on (`system/init`, `payload:initialize`). */
  kind: string;
  /** How many values were observed. */
  seen: number;
  /** Where it was first seen. */
  example: { file: string; seq: number };
}

export interface UnresolvedFinding {
  file: string;
  seq: number;
  root: AmendRoot;
  finding: Finding;
}

export interface InferenceResult {
  version: string;
  previous: string;
  amendments: InferredAmendment[];
  /** The previous set with every amendment applied. */
  set: SchemaSet;
  /** Findings no amendment could express: a human decides. */
  unresolved: UnresolvedFinding[];
  rounds: number;
  /** CLI stdout lines validated. */
  messages: number;
}

interface Observation {
  op: 'add-field' | 'add-values' | 'optional' | 'widen' | 'add-variant' | 'add-payload';
  root: AmendRoot;
  at: string;
  key?: string;
  values: unknown[];
  kind: string;
  /** The discriminator of a new union member (forced to a literal). */
  discriminator?: string;
  /** An added field sits directly on a message (its presence can be counted per kind). */
  topLevel: boolean;
  example: { file: string; seq: number };
}

/** `system/init`, `assistant`, `control_request/can_use_tool`… */
export function messageKind(msg: unknown): string {
  if (!isRecord(msg)) return '(not an object)';
  const type = String(msg.type);
  const inner = type === 'control_request' && isRecord(msg.request) ? msg.request.subtype : msg.subtype;
  return typeof inner === 'string' ? `${type}/${inner}` : type;
}

const MAX_ROUNDS = 6;

/**
 * Drafts the amendments of `version` on `previous` from the corpus. They are drafted on the set as
 * the corpora alone made it (`corpusOnly`, no SDK reconciliation in its chain), the set the
 * validator also builds from them: an amendment of a field only the Agent SDK declared would not
 * apply there. On the reconciled set they apply too (a field they add replaces the SDK's).
 */
export function inferAmendments(previous: SchemaSet, version: string, corpus: CorpusFile[]): InferenceResult {
  const drafted: InferredAmendment[] = [];
  const base = previous.corpusOnly?.() ?? previous;
  let set = base;
  let unresolved: UnresolvedFinding[] = [];
  let messages = 0;
  let rounds = 0;
  for (const file of corpus) messages += file.frames.filter((f) => f.dir === 'from-cli').length;
  while (rounds < MAX_ROUNDS) {
    rounds += 1;
    const { observations, leftover, counts } = observe(set, corpus, version);
    unresolved = leftover;
    if (observations.size === 0) break;
    const fresh = [...observations.values()].map((o) => draft(o, counts));
    drafted.push(...fresh);
    set = amendSchemaSet(
      base,
      version,
      drafted.map((d) => d.amendment),
    );
  }
  return {
    version,
    previous: previous.version,
    amendments: drafted,
    set,
    unresolved,
    rounds,
    messages,
  };
}

function observe(
  set: SchemaSet,
  corpus: CorpusFile[],
  version: string,
): { observations: Map<string, Observation>; leftover: UnresolvedFinding[]; counts: Map<string, number> } {
  const observations = new Map<string, Observation>();
  const leftover: UnresolvedFinding[] = [];
  /** Values validated per kind: an added field seen on every one of them is required. */
  const counts = new Map<string, number>();
  for (const file of corpus) {
    // What the CLI answered to each client request, and which subtype each request had.
    const clientRequests = new Map<string, string>();
    const cliAnswers = new Map<string, string>();
    // The subtype of each request the CLI sent the client.
    const cliRequests = new Map<string, string>();
    const scenario = SCENARIOS.find((s) => s.id === file.scenario);
    const deliberate = new Set(scenario ? (deliberateMistakes(scenario, version).violations ?? []) : []);
    for (const { dir, msg } of file.frames) {
      if (!isRecord(msg)) continue;
      if (dir === 'to-cli' && msg.type === 'control_request' && isRecord(msg.request)) {
        clientRequests.set(String(msg.request_id), String(msg.request.subtype));
      }
      if (dir === 'from-cli' && msg.type === 'control_request' && isRecord(msg.request)) {
        cliRequests.set(String(msg.request_id), String(msg.request.subtype));
      }
      if (dir === 'from-cli' && msg.type === 'control_response' && isRecord(msg.response)) {
        cliAnswers.set(String(msg.response.request_id), String(msg.response.subtype));
      }
    }
    for (const frame of file.frames) {
      const msg = frame.msg;
      if (!isRecord(msg)) continue;
      const where = { file: file.file, seq: frame.seq };
      const add = (root: AmendRoot, value: unknown, findings: Finding[], kind: string) => {
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
        for (const f of findings) {
          if (!record(observations, set, root, value, f, kind, where)) {
            leftover.push({ ...where, root, finding: f });
          }
        }
      };
      const kind = messageKind(msg);
      if (frame.dir === 'from-cli') {
        add('out', msg, walkSchema(set.cliOutputMessage, msg), kind);
        const request = isRecord(msg.request) ? msg.request : undefined;
        if (msg.type === 'control_request' && request?.subtype === 'can_use_tool') {
          const tool = String(request.tool_name);
          const schema = set.toolInputs[tool];
          if (schema && isRecord(request.input)) {
            add(`toolInput:${tool}`, request.input, walkSchema(schema, request.input), `toolInput:${tool}`);
          }
        }
        const response = isRecord(msg.response) ? msg.response : undefined;
        if (msg.type === 'control_response' && response?.subtype === 'success') {
          const subtype = clientRequests.get(String(response.request_id));
          const payload = response.response;
          if (subtype !== undefined && isRecord(payload)) {
            const schema = set.controlResponsePayloads[subtype];
            if (schema) add(`payload:${subtype}`, payload, walkSchema(schema, payload), `payload:${subtype}`);
            else {
              const key = `add-payload|${subtype}`;
              const o = observations.get(key) ?? {
                op: 'add-payload' as const,
                root: `payload:${subtype}` as AmendRoot,
                at: '',
                key: subtype,
                values: [],
                kind: `payload:${subtype}`,
                topLevel: false,
                example: where,
              };
              o.values.push(payload);
              observations.set(key, o);
            }
          }
        }
      } else if (
        frame.dir === 'to-cli' &&
        msg.type === 'control_response' &&
        scenario &&
        !file.failed &&
        isRecord(msg.response) &&
        msg.response.subtype === 'success' &&
        isRecord(msg.response.response)
      ) {
        // The client's answer to a CLI request, in a scenario that passed: the CLI accepted it. A
        // field it left out that the set requires is optional, unless the scenario leaves it out
        // on purpose (its `deliberate` mistakes, as validate reports them).
        const subtype = cliRequests.get(String(msg.response.request_id));
        const schema = subtype === undefined ? undefined : set.controlResponsePayloads[subtype];
        if (!schema) continue;
        const payload = msg.response.response;
        const findings = walkSchema(schema, payload).filter(
          (f) =>
            f.code === 'schema/missing-field' &&
            !deliberate.has(`${f.code} ${formatPath(['response', 'response', ...f.path])}`),
        );
        add(`payload:${subtype}`, payload, findings, `payload:${subtype}`);
      } else if (frame.dir === 'to-cli' && msg.type === 'control_request') {
        // A subtype the pinned set does not know, answered with success: the CLI knows it now.
        if (cliAnswers.get(String(msg.request_id)) !== 'success') continue;
        const findings = walkSchema(set.clientInputMessage, msg).filter(
          (f) => f.code === 'schema/unknown-subtype' && f.path.join('.') === 'request.subtype',
        );
        add('in', msg, findings, kind);
      }
    }
  }
  return { observations, leftover, counts };
}

/** Turns one finding into an observation; false when no amendment can express it. */
function record(
  observations: Map<string, Observation>,
  set: SchemaSet,
  root: AmendRoot,
  value: unknown,
  f: Finding,
  kind: string,
  example: { file: string; seq: number },
): boolean {
  const schema = rootSchemaOf(set, root);
  if (!schema) return false;
  const parentPath = f.path.slice(0, -1);
  const last = f.path.at(-1);
  const put = (o: Omit<Observation, 'values' | 'example' | 'kind'>, observed: unknown) => {
    const key = [o.op, o.root, o.at, o.key ?? '', o.discriminator ?? ''].join('|');
    const existing = observations.get(key) ?? { ...o, values: [], kind, example };
    existing.values.push(observed);
    observations.set(key, existing);
    return true;
  };
  switch (f.code) {
    case 'schema/unknown-field':
    case 'schema/unexpected-field': {
      if (typeof last !== 'string') return false;
      const r = resolveRoute(schema, value, parentPath);
      if (r.rest.length > 0 || kindOf(r.node) !== 'object') return false;
      const topLevel = r.route.every((s) => s.kind === 'variant');
      return put(
        { op: 'add-field', root, at: formatRoute(r.route), key: last, topLevel },
        valueAt(value, f.path),
      );
    }
    case 'schema/unknown-type':
    case 'schema/unknown-subtype':
    case 'schema/unknown-variant': {
      const r = resolveRoute(schema, value, parentPath);
      if (!r.unmatched || r.rest.length > 0) return false;
      return put(
        {
          op: 'add-variant',
          root,
          at: formatRoute(r.route),
          key: String(r.unmatched.tag),
          discriminator: r.unmatched.key,
          topLevel: false,
        },
        r.value,
      );
    }
    case 'schema/invalid-value': {
      const r = resolveRoute(schema, value, f.path);
      if (r.rest.length > 0) return false;
      const type = kindOf(r.node);
      if (type !== 'enum' && type !== 'literal') return false;
      return put({ op: 'add-values', root, at: formatRoute(r.route), topLevel: false }, r.value);
    }
    case 'schema/missing-field': {
      if (typeof last !== 'string') return false;
      const r = resolveRoute(schema, value, parentPath);
      const def = defOf(r.node);
      if (r.rest.length > 0 || def.type !== 'object') return false;
      if (!(last in def.shape)) return false;
      return put({ op: 'optional', root, at: formatRoute(r.route), key: last, topLevel: false }, undefined);
    }
    case 'schema/wrong-type':
    case 'schema/constraint': {
      const r = resolveRoute(schema, value, f.path);
      if (r.rest.length > 0) return false;
      return put({ op: 'widen', root, at: formatRoute(r.route), topLevel: false }, r.value);
    }
    default:
      return false;
  }
}

function draft(o: Observation, kindCounts: Map<string, number>): InferredAmendment {
  const q = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
  const base = { kind: o.kind, seen: o.values.length, example: o.example };
  switch (o.op) {
    case 'add-field': {
      const shape = inferShape(o.values, o.key);
      // Required only when every message of its kind carries it; optional otherwise.
      const always = o.topLevel && o.values.length === (kindCounts.get(o.kind) ?? -1);
      const schema = always ? shapeToZod(shape) : shapeToZod(shape).optional();
      return {
        ...base,
        amendment: { op: 'add-field', root: o.root, at: o.at, key: o.key!, schema },
        source: `addField(${q(o.root)}, ${q(o.at)}, ${q(o.key!)}, ${shapeToSource(shape)}${always ? '' : '.optional()'})`,
      };
    }
    case 'add-values': {
      const values = [...new Set(o.values)].filter(
        (v): v is string | number | boolean | null =>
          v === null || ['string', 'number', 'boolean'].includes(typeof v),
      );
      return {
        ...base,
        amendment: { op: 'add-values', root: o.root, at: o.at, values },
        source: `addValues(${q(o.root)}, ${q(o.at)}, ${JSON.stringify(values)})`,
      };
    }
    case 'optional':
      return {
        ...base,
        amendment: { op: 'optional', root: o.root, at: o.at, key: o.key! },
        source: `makeOptional(${q(o.root)}, ${q(o.at)}, ${q(o.key!)})`,
      };
    case 'widen': {
      const shape = inferShape(o.values);
      return {
        ...base,
        amendment: { op: 'widen', root: o.root, at: o.at, schema: shapeToZod(shape) },
        source: `widen(${q(o.root)}, ${q(o.at)}, ${shapeToSource(shape)})`,
      };
    }
    case 'add-variant': {
      const shape = inferShape(o.values, undefined, {
        literalKeys: new Set(['type', 'subtype', o.discriminator!]),
      });
      const forced = forceLiteral(shape, o.discriminator!, o.key!);
      return {
        ...base,
        amendment: { op: 'add-variant', root: o.root, at: o.at, schema: shapeToZod(forced) },
        source: `addVariant(${q(o.root)}, ${q(o.at)}, ${shapeToSource(forced)})`,
      };
    }
    case 'add-payload': {
      const shape = inferShape(o.values);
      return {
        ...base,
        amendment: { op: 'add-payload', subtype: o.key!, schema: shapeToZod(shape) },
        source: `addPayload(${q(o.key!)}, ${shapeToSource(shape)})`,
      };
    }
  }
}

/** A new union member always carries its discriminator as a literal (zod needs it to dispatch). */
function forceLiteral(shape: Shape, key: string, tag: string): Shape {
  if (shape.kind !== 'object') return shape;
  return {
    ...shape,
    fields: shape.fields.map((f) =>
      f.key === key ? { ...f, shape: { kind: 'literal', value: tag }, optional: false } : f,
    ),
  };
}
