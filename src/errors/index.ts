export { ClideError, EXIT, isClideError } from './clide-error.js';
export type { ClideErrorCode, ClideErrorOptions } from './clide-error.js';
