export type { ClideErrorCode, ClideErrorOptions } from './clide-error.js';
export { ClideError, EXIT, isClideError } from './clide-error.js';
