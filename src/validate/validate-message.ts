/**
 * Validates one protocol message against the pinned schema set for a CLI version.
 * Findings follow the rules of `schema-walker.ts`; on top of the schemas this checks control
 * responses against the request they answer (when a `ControlTracker` saw it, or, for a client's
 * success response seen alone, by the payload's shape: `behavior` → permission decision,
 * `mcp_response` → MCP answer) and tool-specific `can_use_tool` inputs (AskUserQuestion).
 */
import type { z } from 'zod';
import { schemaSetFor } from '../../schemas/registry.js';
import type { SchemaSet } from '../../schemas/schema-set.js';
import { packageInfo } from '../config/package-info.js';
import type { Finding, FindingLocation, JsonPath } from '../findings/index.js';
import { isRecord } from '../util/json.js';
import { ControlTracker, type OpenRequest } from './control-tracker.js';
import { CLEAN, schemaFit } from './schema-fit.js';
import { summarizeValue, walkSchema } from './schema-walker.js';

/** The walker's findings, after a yes/no check that skips the walk when there is none to find. */
function findingsOf(schema: z.core.$ZodType, value: unknown, path: JsonPath = []): Finding[] {
  return schemaFit(schema, value) === CLEAN ? [] : walkSchema(schema, value, path);
}

/** `from-cli`: a line the CLI wrote on stdout. `to-cli`: a line a client wrote on the CLI's stdin. */
export type Direction = 'from-cli' | 'to-cli';

export interface ValidateMessageOptions {
  direction: Direction;
  /** CLI version whose schemas apply (nearest pinned at or below); default: the kit's pinned version. */
  version?: string;
  /** An already-chosen schema set (overrides `version`). */
  schemaSet?: SchemaSet;
  /** Carries open control requests across the messages of one stream. */
  tracker?: ControlTracker;
  /** Stamped on every finding. */
  location?: FindingLocation;
}

function hasBreaking(findings: Finding[], prefix: JsonPath): boolean {
  return findings.some(
    (f) =>
      f.severity === 'breaking' &&
      prefix.every((part, i) => f.path[i] === part) &&
      f.path.length >= prefix.length,
  );
}

export function validateMessage(message: unknown, options: ValidateMessageOptions): Finding[] {
  const set = options.schemaSet ?? schemaSetFor(options.version ?? packageInfo().pinned).set;
  const answering = answeredRequest(message, options);
  let findings = checkMessage(message, options.direction, set, options.tracker);
  const corpusOnly = set.corpusOnly?.();
  if (corpusOnly && corpusOnly !== set && findings.some((f) => f.severity === 'breaking')) {
    // The same message against the corpora alone, with the same open request in view.
    const replay = new ControlTracker();
    if (answering) replay.opened(answering.request.direction, answering.requestId, answering.request);
    findings = softenSdkOnly(findings, checkMessage(message, options.direction, corpusOnly, replay));
  }
  if (options.location) for (const f of findings) f.location = { ...options.location };
  return findings;
}

/** The open request a control_response answers, seen before the check closes it. */
function answeredRequest(
  message: unknown,
  options: ValidateMessageOptions,
): { requestId: string; request: OpenRequest } | undefined {
  if (!options.tracker || !isRecord(message) || message.type !== 'control_response') return undefined;
  const requestId = isRecord(message.response) ? message.response.request_id : undefined;
  if (typeof requestId !== 'string') return undefined;
  const request = options.tracker.peek(options.direction, requestId);
  return request ? { requestId, request } : undefined;
}

/**
 * A breaking finding that the corpora's own schemas do not raise at that place comes from a type
 * only the Agent SDK declares, for something no pinned corpus showed (a field the SDK types that a
 * later CLI fills differently): the CLI disagrees with its SDK's declaration there, a `changed`
 * drift to look at (`schema/sdk-declared-mismatch`), not a broken contract of the pinned version.
 */
function softenSdkOnly(findings: Finding[], corpusFindings: readonly Finding[]): Finding[] {
  const breakingAt = corpusFindings
    .filter((f) => f.severity === 'breaking')
    .map((f) => f.path.join('\u0000'));
  return findings.map((f) => {
    if (f.severity !== 'breaking') return f;
    const at = f.path.join('\u0000');
    if (breakingAt.some((p) => p === at || at.startsWith(`${p}\u0000`) || p.startsWith(`${at}\u0000`)))
      return f;
    return {
      ...f,
      code: 'schema/sdk-declared-mismatch',
      severity: 'changed',
      message: `${f.message} (a type only the Agent SDK declares, for what no pinned corpus showed: ${f.code})`,
    };
  });
}

function checkMessage(
  message: unknown,
  direction: Direction,
  set: SchemaSet,
  tracker?: ControlTracker,
): Finding[] {
  if (!isRecord(message)) {
    return [
      {
        code: 'schema/wrong-type',
        severity: 'breaking',
        message: 'a protocol message must be a JSON object',
        path: [],
        expected: 'object',
        actual: summarizeValue(message),
      },
    ];
  }
  const root = direction === 'from-cli' ? set.cliOutputMessage : set.clientInputMessage;
  const findings = findingsOf(root, message);
  if (findings.some((f) => f.path.length === 1 && f.path[0] === 'type' && f.code === 'schema/unknown-type')) {
    const type = String(message.type);
    const other = direction === 'from-cli' ? set.clientInputMessage : set.cliOutputMessage;
    if (findingsOf(other, message).every((f) => f.code !== 'schema/unknown-type' || f.path.length !== 1)) {
      for (const f of findings) {
        if (f.code === 'schema/unknown-type' && f.path.length === 1) {
          f.message = `message type "${type}" is known only in the other direction (${direction === 'from-cli' ? 'client → CLI' : 'CLI → client'})`;
        }
      }
    }
  }

  if (message.type === 'control_request' && isRecord(message.request)) {
    const request = message.request;
    const subtype = typeof request.subtype === 'string' ? request.subtype : undefined;
    const toolName = typeof request.tool_name === 'string' ? request.tool_name : undefined;
    if (
      subtype === 'can_use_tool' &&
      toolName &&
      isRecord(request.input) &&
      !hasBreaking(findings, ['request'])
    ) {
      // Own keys only: a tool named `constructor` or `valueOf` is a tool like any other.
      const toolSchema = Object.hasOwn(set.toolInputs, toolName) ? set.toolInputs[toolName] : undefined;
      if (toolSchema) findings.push(...findingsOf(toolSchema, request.input, ['request', 'input']));
    }
    if (tracker && subtype && typeof message.request_id === 'string') {
      tracker.opened(direction, message.request_id, {
        subtype,
        direction,
        ...(toolName ? { toolName } : {}),
      });
    }
  } else if (message.type === 'control_response' && isRecord(message.response)) {
    findings.push(...checkResponsePayload(message.response, direction, set, tracker, findings));
  } else if (message.type === 'control_cancel_request' && tracker && typeof message.request_id === 'string') {
    tracker.cancelled(direction, message.request_id);
  }
  return findings;
}

function checkResponsePayload(
  response: Record<string, unknown>,
  direction: Direction,
  set: SchemaSet,
  tracker: ControlTracker | undefined,
  envelopeFindings: Finding[],
): Finding[] {
  const requestId = typeof response.request_id === 'string' ? response.request_id : undefined;
  const request = tracker && requestId !== undefined ? tracker.answered(direction, requestId) : undefined;
  if (response.subtype !== 'success' || hasBreaking(envelopeFindings, ['response'])) return [];
  const payload = response.response;
  const at: JsonPath = ['response', 'response'];
  let subtype = request?.subtype;
  if (subtype === undefined && direction === 'to-cli' && isRecord(payload)) {
    // Seen alone (no request in view): recognise the client's answers by their shape.
    if (payload.behavior === 'allow' || payload.behavior === 'deny') subtype = 'can_use_tool';
    else if ('mcp_response' in payload) subtype = 'mcp_message';
  }
  if (subtype === undefined) return [];
  const schema: z.ZodType | undefined = Object.hasOwn(set.controlResponsePayloads, subtype)
    ? set.controlResponsePayloads[subtype]
    : undefined;
  if (!schema) return [];
  if (payload === undefined) {
    // Only the client's answers are required to carry one: the CLI answers some requests bare
    // (e.g. `mcp_message` for a server it does not know: observed).
    if (direction !== 'to-cli' || !set.payloadRequired.has(subtype)) return [];
    return [
      {
        code: 'schema/missing-field',
        severity: 'breaking',
        message: `a success response to "${subtype}" must carry a payload in $.response.response`,
        path: at,
        expected: 'object',
      },
    ];
  }
  const findings = findingsOf(schema, payload, at);
  const toolName = request?.toolName;
  if (subtype === 'can_use_tool' && toolName && isRecord(payload) && payload.behavior === 'allow') {
    const answer = set.toolAnswers[toolName];
    if (answer && isRecord(payload.updatedInput) && findings.every((f) => f.severity !== 'breaking')) {
      findings.push(...findingsOf(answer, payload.updatedInput, [...at, 'updatedInput']));
    }
  }
  return findings;
}
