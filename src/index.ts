/** The curated public entry of clide-conformance. */
export { ClideError, EXIT, isClideError } from './errors/index.js';
export type { ClideErrorCode } from './errors/index.js';
export { SEVERITIES, atLeast, formatPath } from './findings/index.js';
export type { Finding, FindingLocation, JsonPath, Severity } from './findings/index.js';
