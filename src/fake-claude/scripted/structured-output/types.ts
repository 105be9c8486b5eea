/**
 * How one version handles `--json-schema` (its StructuredOutput tool), captured from its binary by
 * `npm run fake:capture-structured-output` (capture/structured-output.ts).
 */
export interface StructuredOutputData {
  /** The tool offered to the model; its `input_schema` is the schema given. */
  tool: { name: string; description: string };
  /** The tool it follows in `system/init`'s `tools` and in the request's `tools`. */
  initToolAfter: string;
  apiToolAfter: string;
  /** The tool_result of an output that matches the schema. */
  acceptedText: string;
  /** The tool_result of one that does not: `{errors}` is the validator's list (`/answer: must be number`). */
  invalidText: string;
  /** The turn ends with the tool_result of an accepted output (no further model call). */
  endsTurn: boolean;
  /** The result's `result`: the output as JSON (`output-json`) or the last text of the turn (`last-text`). */
  resultText: 'output-json' | 'last-text';
  /** The result field `structured_output` follows. */
  structuredOutputAfter: string;
  /** Rejected outputs in a turn before it ends with `error_max_structured_output_retries`. */
  maxAttempts: number;
  /** That result's `errors[0]`: `{attempts}`, and `{error}` the last tool_result text. */
  exhaustedError: string;
  /** That result's `terminal_reason`, where the version writes one. */
  exhaustedTerminalReason: string | null;
  /** That result's `usage` counts the last model call (else only the calls before it). */
  exhaustedUsageCountsLastCall: boolean;
}
