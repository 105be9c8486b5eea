export type { Finding, FindingLocation, JsonPath, Severity } from './finding.js';
export { atLeast, formatPath, isViolation, SEVERITIES, severityRank } from './finding.js';
