import type { Severity } from '../findings/index.js';

/**
 * Every finding code the structural comparison raises, with its severity and what it means. The
 * one table the classifier, `docs/drift-report.md` and the tests refer to.
 *
 * - breaking: the contract fails — a client written against the baseline stops working.
 * - changed: the behaviour differs but the contract still holds.
 * - additive: something new appeared (new fields, kinds, subtypes); strict parsers may choke.
 * - cosmetic: texts differ.
 */
export const DRIFT_CODES = {
  'drift/hang': { severity: 'breaking', meaning: 'the CLI stopped answering and had to be killed' },
  'drift/permission-prompt-missing': {
    severity: 'breaking',
    meaning: 'fewer can_use_tool prompts than the baseline: a tool no longer asks',
  },
  'drift/auto-denial': {
    severity: 'breaking',
    meaning: 'a tool was denied without asking (permission_denials grew, "haven\'t granted it yet")',
  },
  'drift/zod-error': {
    severity: 'breaking',
    meaning: 'a reply the baseline accepted is now rejected with a ZodError',
  },
  'drift/unknown-flag': { severity: 'breaking', meaning: 'the CLI rejects a command-line flag as unknown' },
  'drift/exit-code-changed': { severity: 'breaking', meaning: 'the process ends with a different exit code' },
  'drift/message-gone': {
    severity: 'breaking',
    meaning: 'a message type the baseline sent is no longer sent',
  },
  'drift/subtype-gone': {
    severity: 'breaking',
    meaning: 'a subtype (or nested type) the baseline sent is gone (renamed or removed)',
  },
  'drift/field-gone': { severity: 'breaking', meaning: 'a field the baseline always sent is gone' },
  'drift/field-retyped': { severity: 'breaking', meaning: 'a field now carries a JSON type it never had' },
  'drift/request-now-rejected': {
    severity: 'breaking',
    meaning: 'a control request the baseline answered with success is now answered with an error',
  },
  'drift/denial-gone': {
    severity: 'breaking',
    meaning: 'permission_denials shrank: a tool the baseline denied is not denied any more (it may run)',
  },
  'drift/request-now-accepted': {
    severity: 'changed',
    meaning: 'a control request the baseline rejected is now answered with success',
  },
  'drift/reply-now-accepted': {
    severity: 'changed',
    meaning: 'a reply the baseline rejected with a ZodError is now accepted',
  },
  'drift/optional-field-gone': {
    severity: 'changed',
    meaning: 'a field the baseline sent sometimes is gone',
  },
  'drift/field-now-optional': {
    severity: 'changed',
    meaning: 'a field the baseline always sent is now missing from some messages',
  },
  'drift/value-changed': {
    severity: 'changed',
    meaning:
      'an enum-like field (behavior, stop_reason, is_error, …) has other values, or a field constant in the baseline has another value',
  },
  'drift/reply-payload-changed': {
    severity: 'changed',
    meaning: "a control request's success reply carries another payload (none or {} → {still_queued: []})",
  },
  'drift/stderr-error': {
    severity: 'changed',
    meaning: 'the CLI prints an error line on stderr that the baseline did not',
  },
  'drift/side-request-changed': {
    severity: 'changed',
    meaning:
      'a side request outside the model script (a probe, an endpoint) takes the place of one the baseline made (same method or same path)',
  },
  'drift/side-request-gone': {
    severity: 'changed',
    meaning: 'a side request outside the model script that the baseline made is not made any more',
  },
  'drift/message-count-changed': {
    severity: 'changed',
    meaning: 'a message kind is sent a different number of times',
  },
  'drift/order-changed': { severity: 'changed', meaning: 'the same messages arrive in another order' },
  'drift/list-now-empty': { severity: 'changed', meaning: 'a list the baseline filled is now empty' },
  'drift/list-item-gone': {
    severity: 'changed',
    meaning: 'an entry of a catalogue list (tools, agents, skills, slash commands) is gone',
  },
  'drift/message-new': { severity: 'additive', meaning: 'a message type the baseline never sent' },
  'drift/subtype-new': {
    severity: 'additive',
    meaning: 'a subtype (or nested type) the baseline never sent',
  },
  'drift/field-new': { severity: 'additive', meaning: 'a field the baseline never sent' },
  'drift/list-now-filled': {
    severity: 'additive',
    meaning: 'a list the baseline left empty now has entries',
  },
  'drift/side-request-new': {
    severity: 'additive',
    meaning:
      'a request to the model API outside the model script (a probe such as HEAD /api/hello, a new endpoint), answered as the real API does',
  },
  'drift/list-item-new': {
    severity: 'additive',
    meaning: 'a new entry in a catalogue list (tools, agents, skills, slash commands)',
  },
  'drift/text-changed': {
    severity: 'cosmetic',
    meaning:
      'a tool-result, error, result or assistant text (or a constant prose field) differs, after normalising ids and paths',
  },
} as const satisfies Record<string, { severity: Severity; meaning: string }>;

export type DriftCode = keyof typeof DRIFT_CODES;

export function driftSeverity(code: DriftCode): Severity {
  return DRIFT_CODES[code].severity;
}
