/**
 * The changelog between two pinned CLI versions, as data: rendered to Markdown and JSON by
 * render-markdown.ts / render-json.ts. Every list is sorted, so the same two versions always give
 * the same document.
 */
import type { Finding } from '../findings/index.js';
import type { FieldChange, NestedField } from './field-diff.js';

export const CHANGELOG_FORMAT = 'clide-changelog/1';

/** A message kind, control request or reply payload that exists on one side only. */
export interface KindSummary {
  /** `system/init`, `control_request/can_use_tool`, or a control subtype for reply payloads. */
  kind: string;
  /** Its own fields, one level deep (`.tool_name`, `.input?`). */
  fields: NestedField[];
}

export interface KindChanges {
  kind: string;
  changes: FieldChange[];
}

/** Kinds (or payloads) on one side only, and the field changes of those on both. */
export interface KindDiff {
  added: KindSummary[];
  removed: KindSummary[];
  changed: KindChanges[];
  /** How many exist on both sides with the same fields. */
  unchanged: number;
}

export interface ControlReplies extends KindDiff {
  /** Subtypes whose success reply must now carry a payload (the set's `payloadRequired`). */
  payloadNowRequired: string[];
  payloadNoLongerRequired: string[];
}

export interface ExitStatus {
  exitCode: number | null;
  signal: string | null;
  /** False when the recording stopped before the CLI ended (no trailer). */
  complete: boolean;
}

/** One scenario recorded in both corpora whose recordings differ. */
export interface ScenarioChange {
  scenario: string;
  /** Fixture file names (relative to each corpus folder). */
  files: { from: string; to: string };
  /** Set when the process ended otherwise. */
  exit?: { from: ExitStatus; to: ExitStatus };
  /** Set when the `result` subtypes, in order, differ. */
  results?: { from: string[]; to: string[] };
  /** CLI → client kinds (control replies labelled with the request they answer) on one side only. */
  kindsAppeared: string[];
  kindsDisappeared: string[];
  /** The structural comparison of the two recordings (src/canary/compare.ts), sorted. */
  findings: Finding[];
}

export interface ScenariosDiff {
  /** Scenarios recorded in both corpora. */
  compared: number;
  unchanged: number;
  onlyInFrom: string[];
  onlyInTo: string[];
  changed: ScenarioChange[];
}

export interface CorpusSource {
  /** The corpus folder, as given or relative to the kit; null when the version has none. */
  dir: string | null;
  scenarios: number;
}

export interface ChangelogSummary {
  messages: { added: number; removed: number; changed: number; fieldChanges: number };
  controlRequests: { added: number; removed: number; changed: number; fieldChanges: number };
  controlReplies: { added: number; removed: number; changed: number; fieldChanges: number };
  /** Null when a corpus is missing. */
  scenarios: { compared: number; changed: number; onlyInFrom: number; onlyInTo: number } | null;
}

export interface Changelog {
  format: typeof CHANGELOG_FORMAT;
  from: string;
  to: string;
  corpora: { from: CorpusSource; to: CorpusSource };
  summary: ChangelogSummary;
  /** Every message kind but control requests, per direction. */
  messages: { cliOutput: KindDiff; clientInput: KindDiff };
  /** `control_request/<subtype>`: the CLI's requests (stdout) and the client's (stdin). */
  controlRequests: { cliOutput: KindDiff; clientInput: KindDiff };
  /** Success payloads per control subtype (`controlResponsePayloads`). */
  controlReplies: ControlReplies;
  /** Null when either version has no corpus. */
  scenarios: ScenariosDiff | null;
}

function count(diff: KindDiff) {
  return {
    added: diff.added.length,
    removed: diff.removed.length,
    changed: diff.changed.length,
    fieldChanges: diff.changed.reduce((n, k) => n + k.changes.length, 0),
  };
}

function sum(a: ReturnType<typeof count>, b: ReturnType<typeof count>) {
  return {
    added: a.added + b.added,
    removed: a.removed + b.removed,
    changed: a.changed + b.changed,
    fieldChanges: a.fieldChanges + b.fieldChanges,
  };
}

export function summarizeChangelog(
  log: Pick<Changelog, 'messages' | 'controlRequests' | 'controlReplies' | 'scenarios'>,
): ChangelogSummary {
  return {
    messages: sum(count(log.messages.cliOutput), count(log.messages.clientInput)),
    controlRequests: sum(count(log.controlRequests.cliOutput), count(log.controlRequests.clientInput)),
    controlReplies: count(log.controlReplies),
    scenarios: log.scenarios
      ? {
          compared: log.scenarios.compared,
          changed: log.scenarios.changed.length,
          onlyInFrom: log.scenarios.onlyInFrom.length,
          onlyInTo: log.scenarios.onlyInTo.length,
        }
      : null,
  };
}
