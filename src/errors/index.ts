export type { ClideErrorCode, ClideErrorOptions } from './clide-error.js';
export { ClideError, EXIT, isClideError } from './clide-error.js';
export {
  INTERRUPT_EXIT,
  INTERRUPT_SIGNALS,
  type InterruptSignal,
  interruptedError,
  interruptionOf,
  throwIfInterrupted,
} from './interrupted.js';
