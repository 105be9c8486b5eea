import { isRecord } from '../util/json.js';

/**
 * The `account` block of the `initialize` control response (`response.response.account`: email,
 * organization, subscriptionType, …) is personal data: it is replaced structurally, keeping its
 * keys and value types so the message still validates. Enum-like provider facts are kept.
 */

/** Keys whose short identifier-like values describe configuration, not the person. */
const KEEP = new Set(['tokenSource', 'apiKeySource', 'apiProvider']);
const ENUM_LIKE = /^[A-Za-z0-9_.-]{0,40}$/;
/** Values of these keys are also hunted everywhere else (and by the leak scan). */
const LEARN = /email|org|name|uuid|id$/i;

/** Where the account block is, if `message` is a control response carrying one. */
export function accountBlock(message: unknown): Record<string, unknown> | undefined {
  if (!isRecord(message) || message.type !== 'control_response') return undefined;
  const response = message.response;
  if (!isRecord(response) || !isRecord(response.response)) return undefined;
  const account = response.response.account;
  return isRecord(account) ? account : undefined;
}

export interface AccountRedaction {
  /** The placeholder for a value under `key` (emails get email-shaped ones). */
  placeholder(key: string, value: string): string;
  /** Called for values that must be hunted everywhere from now on. */
  learn(key: string, value: string): void;
  /** Counts one replacement. */
  hit(): void;
}

function redactValue(key: string, value: unknown, r: AccountRedaction): unknown {
  if (typeof value === 'string') {
    if (value === '' || (KEEP.has(key) && ENUM_LIKE.test(value))) return value;
    if (LEARN.test(key)) r.learn(key, value);
    r.hit();
    return r.placeholder(key, value);
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(key, item, r));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, {
        value: redactValue(k, v, r),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** A copy of `message` with its account block redacted (the same object when it has none). */
export function redactAccount(message: unknown, r: AccountRedaction): unknown {
  const account = accountBlock(message);
  if (account === undefined) return message;
  const m = message as { response: { response: Record<string, unknown> } } & Record<string, unknown>;
  return {
    ...m,
    response: {
      ...m.response,
      response: { ...m.response.response, account: redactValue('account', account, r) },
    },
  };
}
