/**
 * Remembers open control requests while a stream is validated, so a `control_response` can be
 * checked against the payload schema of the request it answers (`can_use_tool` → permission
 * decision, `initialize` → initialize response, …). Keyed by direction + `request_id`: both
 * sides pick their own ids, so the same id may be open once in each direction.
 */
import type { Direction } from './validate-message.js';

export interface OpenRequest {
  subtype: string;
  /** `can_use_tool` only: the tool asked about. */
  toolName?: string;
  /** Who sent the request. */
  direction: Direction;
}

export class ControlTracker {
  private readonly open = new Map<string, OpenRequest>();

  private static key(direction: Direction, requestId: string): string {
    return `${direction}\u0000${requestId}`;
  }

  /** Records a request sent in `direction`. */
  opened(direction: Direction, requestId: string, request: OpenRequest): void {
    this.open.set(ControlTracker.key(direction, requestId), request);
  }

  /** The open request a response travelling in `responseDirection` answers, removed from the open set. */
  answered(responseDirection: Direction, requestId: string): OpenRequest | undefined {
    const requestDirection: Direction = responseDirection === 'from-cli' ? 'to-cli' : 'from-cli';
    const key = ControlTracker.key(requestDirection, requestId);
    const found = this.open.get(key);
    if (found) this.open.delete(key);
    return found;
  }

  /** The open request a response travelling in `responseDirection` would answer, left open. */
  peek(responseDirection: Direction, requestId: string): OpenRequest | undefined {
    const requestDirection: Direction = responseDirection === 'from-cli' ? 'to-cli' : 'from-cli';
    return this.open.get(ControlTracker.key(requestDirection, requestId));
  }

  /** A `control_cancel_request` travelling in `direction` closes the request its sender opened. */
  cancelled(direction: Direction, requestId: string): void {
    this.open.delete(ControlTracker.key(direction, requestId));
  }

  /** Requests still waiting for an answer. */
  pending(): Array<OpenRequest & { requestId: string }> {
    return [...this.open.entries()].map(([key, value]) => ({ ...value, requestId: key.split('\u0000')[1]! }));
  }
}
