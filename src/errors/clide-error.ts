/**
 * The one error base of the kit. Every error raised below `src/cli/` is a `ClideError` with a
 * stable `code` (for programs) and the process exit code the CLI maps it to (for shells).
 * Nothing below `src/cli/` calls `process.exit`: it throws one of these and the edge renders it.
 */
export type ClideErrorCode =
  | 'usage'
  | 'io'
  | 'parse'
  | 'install'
  | 'model-script'
  | 'sandbox'
  | 'timeout'
  | 'fixture'
  | 'leak'
  | 'replay-mismatch'
  | 'interrupted'
  | 'internal';

/** Exit codes, one table for every command: see docs/exit-codes.md. */
export const EXIT = {
  ok: 0,
  findings: 1,
  usage: 2,
} as const;

export interface ClideErrorOptions {
  /** Where the problem is: a file, a line, a scenario id, a JSON path. Shown to the user. */
  where?: string;
  /** What the user can do about it. Shown to the user. */
  hint?: string;
  cause?: unknown;
  exitCode?: number;
}

export class ClideError extends Error {
  override readonly name = 'ClideError';
  readonly code: ClideErrorCode;
  readonly where: string | undefined;
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(code: ClideErrorCode, message: string, options: ClideErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.where = options.where;
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? (code === 'internal' ? 70 : EXIT.usage);
  }

  /** One human line (plus hint) for the terminal. */
  render(): string {
    const where = this.where ? `${this.where}: ` : '';
    const hint = this.hint ? `\n  hint: ${this.hint}` : '';
    return `error[${this.code}]: ${where}${this.message}${hint}`;
  }
}

export function isClideError(error: unknown): error is ClideError {
  return error instanceof ClideError;
}
