import type { Finding, FindingLocation, Severity } from '../findings/index.js';
import { classify, type Direction, oppositeDirection } from './classify.js';

/** Where a message was observed. `frame` defaults to the 0-based count of messages observed before it. */
export interface At {
  frame?: number;
  timeMs?: number;
}

/** A control request awaiting its response. */
export interface PendingRequest {
  readonly requestId: string;
  /** `request.subtype` (undefined when the request had none). */
  readonly subtype: string | undefined;
  /** The way the REQUEST travelled: `from-cli` = the CLI asks the client (`can_use_tool`, …). */
  readonly direction: Direction;
  readonly since: At;
  /** Set when a `control_cancel_request` for it was seen. */
  readonly cancelledAt?: At;
}

/** A request and the response that answered it. */
export interface ControlExchange {
  readonly request: PendingRequest;
  /** `success` | `error` (or whatever the response carried). */
  readonly responseSubtype: string | undefined;
  readonly respondedAt: At;
  /** The answer came after the request had been cancelled. */
  readonly late: boolean;
}

export type ResponseOutcome =
  /** Paired with a pending request travelling the other way. */
  | 'answered'
  /** Paired, but the request had been cancelled: reported as `control/late-answer`. */
  | 'late'
  /** No request with that id was ever seen: `control/orphan-response`. */
  | 'orphan'
  /** The id belongs to a request travelling the same way as the response: `control/wrong-direction`. */
  | 'wrong-direction'
  /** The request was already answered: `control/duplicate-response`. */
  | 'duplicate';

export type CancelOutcome =
  | 'cancelled'
  /** The request was already answered: a benign race, no finding. */
  | 'after-answer'
  | 'orphan'
  | 'wrong-direction';

/** What one observed message meant for the correlation. `findings` are the ones it raised. */
export type CorrelationEvent =
  | { kind: 'request'; request: PendingRequest; findings: Finding[] }
  | {
      kind: 'response';
      requestId: string;
      direction: Direction;
      subtype: string | undefined;
      outcome: ResponseOutcome;
      /** The request it answers (for `answered` / `late` / `duplicate` / `wrong-direction`). */
      request: PendingRequest | undefined;
      at: At;
      findings: Finding[];
    }
  | {
      kind: 'cancel';
      requestId: string;
      direction: Direction;
      outcome: CancelOutcome;
      request: PendingRequest | undefined;
      at: At;
      findings: Finding[];
    }
  /** A control envelope without a usable `request_id`: `control/missing-request-id`. */
  | { kind: 'invalid'; direction: Direction; at: At; findings: Finding[] };

export interface ControlCorrelatorOptions {
  /** Merged into every finding's location (e.g. `{ file }` or `{ scenario }`). */
  location?: FindingLocation;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const SEVERITY: Record<string, Severity> = {
  'control/orphan-response': 'breaking',
  'control/duplicate-request-id': 'breaking',
  'control/duplicate-response': 'breaking',
  'control/wrong-direction': 'breaking',
  'control/missing-request-id': 'breaking',
  // The CLI cancels and the client's answer crosses it on the wire: allowed by the protocol
  // (2.1.150 ignores such an answer silently), but worth seeing.
  'control/late-answer': 'cosmetic',
  'control/orphan-cancel': 'changed',
};

function describeDirection(direction: Direction): string {
  return direction === 'from-cli' ? 'from the CLI' : 'to the CLI';
}

/**
 * Pairs control requests with their responses by `request_id`, in both directions: requests the
 * client sends the CLI (`initialize`, `interrupt`, …) answered by the CLI, and requests the CLI
 * sends the client (`can_use_tool`, `hook_callback`, `mcp_message`, …) answered by the client.
 * Feed it every message of a session, in wire order, with the way it travelled.
 *
 * A request id must be unique within a session (both directions share one id space); a
 * `control_cancel_request` travels the same way as the request it cancels.
 */
export class ControlCorrelator {
  private readonly open = new Map<string, Mutable<PendingRequest>[]>();
  private readonly answered = new Map<string, PendingRequest>();
  private readonly seenIds = new Set<string>();
  private readonly done: ControlExchange[] = [];
  private readonly found: Finding[] = [];
  private readonly baseLocation: FindingLocation;
  private observed = 0;

  constructor(options: ControlCorrelatorOptions = {}) {
    this.baseLocation = options.location ?? {};
  }

  /** Records one message; returns what it meant for the correlation, or undefined for non-control messages. */
  observe(message: unknown, direction: Direction, at: At = {}): CorrelationEvent | undefined {
    const where: At = { ...at, frame: at.frame ?? this.observed };
    this.observed += 1;
    const c = classify(message);
    if (
      c.kind !== 'control_request' &&
      c.kind !== 'control_response' &&
      c.kind !== 'control_cancel_request'
    ) {
      return undefined;
    }
    if (c.requestId === undefined || c.requestId === '') {
      const findings = [
        this.finding(
          'control/missing-request-id',
          `${c.type} ${describeDirection(direction)} has no request_id`,
          where,
          c.kind === 'control_response' ? ['response', 'request_id'] : ['request_id'],
          { expected: 'a non-empty string' },
        ),
      ];
      return { kind: 'invalid', direction, at: where, findings };
    }
    const id = c.requestId;
    if (c.kind === 'control_request') return this.onRequest(id, c.controlSubtype, direction, where);
    if (c.kind === 'control_response') return this.onResponse(id, c.controlSubtype, direction, where);
    return this.onCancel(id, direction, where);
  }

  /** Requests still awaiting an answer (cancelled ones excluded), oldest first. */
  pending(direction?: Direction): PendingRequest[] {
    return this.openRequests().filter(
      (r) => r.cancelledAt === undefined && (direction === undefined || r.direction === direction),
    );
  }

  /** Cancelled requests that have not been answered (nor need to be). */
  cancelled(direction?: Direction): PendingRequest[] {
    return this.openRequests().filter(
      (r) => r.cancelledAt !== undefined && (direction === undefined || r.direction === direction),
    );
  }

  /** Completed request/response pairs, in the order the responses arrived. */
  exchanges(): ControlExchange[] {
    return [...this.done];
  }

  /** Every finding raised so far, in order. */
  findings(): Finding[] {
    return [...this.found];
  }

  private openRequests(): PendingRequest[] {
    const all: PendingRequest[] = [];
    for (const list of this.open.values()) for (const r of list) all.push({ ...r });
    return all.sort((a, b) => (a.since.frame ?? 0) - (b.since.frame ?? 0));
  }

  private onRequest(id: string, subtype: string | undefined, direction: Direction, at: At): CorrelationEvent {
    const findings: Finding[] = [];
    if (this.seenIds.has(id)) {
      findings.push(
        this.finding(
          'control/duplicate-request-id',
          `control_request ${describeDirection(direction)} reuses request_id ${JSON.stringify(id)}`,
          at,
          ['request_id'],
          { expected: 'a request_id not used before in this session', actual: id },
        ),
      );
    }
    this.seenIds.add(id);
    const request: Mutable<PendingRequest> = { requestId: id, subtype, direction, since: at };
    const key = keyOf(direction, id);
    const list = this.open.get(key);
    if (list) list.push(request);
    else this.open.set(key, [request]);
    return { kind: 'request', request: { ...request }, findings };
  }

  private onResponse(
    id: string,
    subtype: string | undefined,
    direction: Direction,
    at: At,
  ): CorrelationEvent {
    const requestDirection = oppositeDirection(direction);
    const findings: Finding[] = [];
    const base = { kind: 'response' as const, requestId: id, direction, subtype, at, findings };
    const key = keyOf(requestDirection, id);
    const list = this.open.get(key);
    const request = list?.shift();
    if (request) {
      if (list!.length === 0) this.open.delete(key);
      const late = request.cancelledAt !== undefined;
      const snapshot: PendingRequest = { ...request };
      this.answered.set(key, snapshot);
      this.done.push({ request: snapshot, responseSubtype: subtype, respondedAt: at, late });
      if (late) {
        findings.push(
          this.finding(
            'control/late-answer',
            `control_response ${describeDirection(direction)} answers ${describeRequest(snapshot)}, which had been cancelled`,
            at,
            ['response', 'request_id'],
            { expected: 'no answer after control_cancel_request', actual: subtype },
          ),
        );
      }
      return { ...base, outcome: late ? 'late' : 'answered', request: snapshot };
    }
    const sameWay = this.open.get(keyOf(direction, id))?.[0];
    if (sameWay) {
      findings.push(
        this.finding(
          'control/wrong-direction',
          `control_response ${describeDirection(direction)} for ${describeRequest(sameWay)}, which itself travelled ${describeDirection(direction)}`,
          at,
          ['response', 'request_id'],
          { expected: requestDirection, actual: direction },
        ),
      );
      return { ...base, outcome: 'wrong-direction', request: { ...sameWay } };
    }
    const previous = this.answered.get(key);
    if (previous) {
      findings.push(
        this.finding(
          'control/duplicate-response',
          `control_response ${describeDirection(direction)} answers ${describeRequest(previous)} a second time`,
          at,
          ['response', 'request_id'],
          { expected: 'one response per request', actual: subtype },
        ),
      );
      return { ...base, outcome: 'duplicate', request: previous };
    }
    findings.push(
      this.finding(
        'control/orphan-response',
        `control_response ${describeDirection(direction)} for request_id ${JSON.stringify(id)}, but no control_request ${describeDirection(requestDirection)} had that id`,
        at,
        ['response', 'request_id'],
        {
          expected: `the request_id of a pending control_request ${describeDirection(requestDirection)}`,
          actual: id,
        },
      ),
    );
    return { ...base, outcome: 'orphan', request: undefined };
  }

  private onCancel(id: string, direction: Direction, at: At): CorrelationEvent {
    const findings: Finding[] = [];
    const base = { kind: 'cancel' as const, requestId: id, direction, at, findings };
    const target = this.open.get(keyOf(direction, id))?.find((r) => r.cancelledAt === undefined);
    if (target) {
      target.cancelledAt = at;
      return { ...base, outcome: 'cancelled', request: { ...target } };
    }
    const alreadyCancelled = this.open.get(keyOf(direction, id))?.[0];
    if (alreadyCancelled) return { ...base, outcome: 'cancelled', request: { ...alreadyCancelled } };
    const answered = this.answered.get(keyOf(direction, id));
    if (answered) return { ...base, outcome: 'after-answer', request: answered };
    const otherWay = this.open.get(keyOf(oppositeDirection(direction), id))?.[0];
    if (otherWay) {
      findings.push(
        this.finding(
          'control/wrong-direction',
          `control_cancel_request ${describeDirection(direction)} for ${describeRequest(otherWay)}: only the side that sent a request can cancel it`,
          at,
          ['request_id'],
          { expected: otherWay.direction, actual: direction },
        ),
      );
      return { ...base, outcome: 'wrong-direction', request: { ...otherWay } };
    }
    findings.push(
      this.finding(
        'control/orphan-cancel',
        `control_cancel_request ${describeDirection(direction)} for request_id ${JSON.stringify(id)}, but no control_request ${describeDirection(direction)} had that id`,
        at,
        ['request_id'],
        { actual: id },
      ),
    );
    return { ...base, outcome: 'orphan', request: undefined };
  }

  private finding(
    code: string,
    message: string,
    at: At,
    path: string[],
    extra: { expected?: unknown; actual?: unknown } = {},
  ): Finding {
    const finding: Finding = {
      code,
      severity: SEVERITY[code] ?? 'breaking',
      message,
      path,
      ...extra,
      location: { ...this.baseLocation, frame: at.frame },
    };
    this.found.push(finding);
    return finding;
  }
}

function keyOf(direction: Direction, id: string): string {
  return `${direction}\u0000${id}`;
}

function describeRequest(request: PendingRequest): string {
  const frame = request.since.frame === undefined ? '' : ` (frame ${request.since.frame})`;
  return `control_request/${request.subtype ?? '?'} ${JSON.stringify(request.requestId)} sent ${describeDirection(request.direction)}${frame}`;
}
