/**
 * Findings are data: schema violations, behavioural failures and drift are all one type,
 * produced deep inside and rendered only at the edge (src/report/, src/cli/).
 */

/** Ordered from most to least serious. A "violation" is a finding of severity `breaking`. */
export const SEVERITIES = ['breaking', 'changed', 'additive', 'cosmetic'] as const;
export type Severity = (typeof SEVERITIES)[number];

export type JsonPath = ReadonlyArray<string | number>;

export interface FindingLocation {
  file?: string;
  /** 1-based line in `file`. */
  line?: number;
  scenario?: string;
  /** 0-based index of the frame in a transcript or fixture. */
  frame?: number;
  /**
   * The kind of message the finding is about, as the structural comparison labels it
   * (`system/init`, `control_response/success (initialize)`; `client …` for the client's own).
   */
  kind?: string;
}

export interface Finding {
  /** Stable, namespaced code, e.g. `schema/missing-field`, `wire/non-json-line`, `drift/subtype-gone`. */
  code: string;
  severity: Severity;
  message: string;
  /** JSON path inside the message the finding is about; empty for the message itself. */
  path: JsonPath;
  expected?: unknown;
  actual?: unknown;
  location?: FindingLocation;
  /**
   * Other codes that reported the same change and were merged into this finding: a field new to
   * the schemas and new against the baseline is one `drift/field-new` that also names
   * `schema/unknown-field`.
   */
  also?: string[];
}

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** True when `severity` is at least as serious as `threshold`. */
export function atLeast(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) <= severityRank(threshold);
}

/** `$.message.content[0].type` style rendering of a JSON path. */
export function formatPath(path: JsonPath): string {
  let out = '$';
  for (const part of path) {
    out +=
      typeof part === 'number'
        ? `[${part}]`
        : /^[A-Za-z_$][\w$]*$/.test(part)
          ? `.${part}`
          : `[${JSON.stringify(part)}]`;
  }
  return out;
}

export function isViolation(finding: Finding): boolean {
  return finding.severity === 'breaking';
}
