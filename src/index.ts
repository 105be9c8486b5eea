/** The curated public entry of clide-conformance. */

export type { ClideErrorCode } from './errors/index.js';
export { ClideError, EXIT, isClideError } from './errors/index.js';
export type { Finding, FindingLocation, JsonPath, Severity } from './findings/index.js';
export { atLeast, formatPath, SEVERITIES } from './findings/index.js';
