export { SEVERITIES, atLeast, formatPath, isViolation, severityRank } from './finding.js';
export type { Finding, FindingLocation, JsonPath, Severity } from './finding.js';
