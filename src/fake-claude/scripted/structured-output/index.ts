import { randomUuid } from '../../../util/uuid.js';
import type {
  ApiTool,
  CallUsage,
  CliBehaviour,
  Json,
  ResultTotals,
  SessionFacts,
  ToolOutcome,
} from '../../behaviour/index.js';
import { DATA_BY_VERSION } from './data/index.js';
import type { StructuredOutputData } from './types.js';
import { compileOutputSchema, type OutputValidator } from './validate.js';

/** Each emulated version's captured handling (`npm run fake:capture-structured-output`). */
const DATA = DATA_BY_VERSION as Readonly<Record<string, StructuredOutputData>>;

/** What the StructuredOutput calls of one turn came to. */
interface TurnOutputs {
  rejected: number;
  lastRejection: string;
  output?: unknown;
  /** An output was accepted in the batch of tools that just ran. */
  acceptedNow: boolean;
}

/** How a turn ends because of its structured output, after a batch of tools ran. */
export type StructuredOutputEnd =
  | { kind: 'provided'; text: string }
  | { kind: 'exhausted'; error: string; terminalReason: string | null; countsLastCall: boolean };

/**
 * `--json-schema`: the StructuredOutput tool the version offers (its captured name, description
 * and place among the tools; the schema as its input schema), its answers (an output that matches
 * is kept, one that does not is refused with the validator's errors), and how a turn ends — at
 * once with the output as its result, or after the model's last answer, as the version does; with
 * `error_max_structured_output_retries` once the version's number of rejected outputs is reached.
 */
export class StructuredOutput {
  private readonly turns = new WeakMap<object, TurnOutputs>();
  private validator: Promise<OutputValidator> | undefined;

  private constructor(
    private readonly data: StructuredOutputData,
    private readonly schema: Json,
  ) {}

  /** The session's structured output, when `--json-schema` gives an object schema. */
  static from(version: string, jsonSchema: string | undefined): StructuredOutput | undefined {
    const data = DATA[version];
    if (!data || jsonSchema === undefined) return undefined;
    try {
      const schema: unknown = JSON.parse(jsonSchema);
      if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
      return new StructuredOutput(data, schema as Json);
    } catch {
      return undefined;
    }
  }

  handles(name: string): boolean {
    return name === this.data.tool.name;
  }

  /** `system/init`'s tool names with the tool in its place. */
  initTools(names: string[]): string[] {
    return insertAfter(names, this.data.initToolAfter, this.data.tool.name);
  }

  /** The tools of a Messages API request with the tool in its place. */
  apiTools(tools: ApiTool[]): ApiTool[] {
    const tool: ApiTool = { ...this.data.tool, input_schema: this.schema };
    const at = tools.findIndex((t) => t.name === this.data.apiToolAfter);
    return at < 0 ? [...tools, tool] : [...tools.slice(0, at + 1), tool, ...tools.slice(at + 1)];
  }

  /** One call of the tool in `turn`. */
  async call(input: Json, turn: object): Promise<ToolOutcome> {
    const state = this.stateOf(turn);
    this.validator ??= compileOutputSchema(this.schema);
    const errors = (await this.validator)(input);
    const permission = { decision: 'accept', source: 'config' } as const;
    if (errors === undefined) {
      state.output = input;
      state.acceptedNow = true;
      const text = this.data.acceptedText;
      return { content: text, isError: false, toolUseResult: text, permission };
    }
    state.rejected += 1;
    const text = this.data.invalidText.replace('{errors}', errors);
    state.lastRejection = text;
    return { content: text, isError: true, toolUseResult: `Error: ${text}`, permission };
  }

  /** Whether `turn` ends now that a batch of its tools ran. */
  afterTools(turn: object): StructuredOutputEnd | undefined {
    const state = this.turns.get(turn);
    if (!state) return undefined;
    const accepted = state.acceptedNow;
    state.acceptedNow = false;
    if (accepted && this.data.endsTurn) return { kind: 'provided', text: this.resultText(state.output) };
    if (state.output === undefined && state.rejected >= this.data.maxAttempts) {
      return {
        kind: 'exhausted',
        error: this.data.exhaustedError
          .replace('{attempts}', String(state.rejected))
          .replace('{error}', state.lastRejection),
        terminalReason: this.data.exhaustedTerminalReason,
        countsLastCall: this.data.exhaustedUsageCountsLastCall,
      };
    }
    return undefined;
  }

  /** A success result of `turn` with the output it was given, in the version's place. */
  decorate(result: Json, turn: object | undefined): Json {
    const state = turn && this.turns.get(turn);
    if (!state || state.output === undefined || result.subtype !== 'success') return result;
    const out: Json = {};
    for (const [key, value] of Object.entries(result)) {
      out[key] = value;
      if (key === this.data.structuredOutputAfter) out.structured_output = state.output;
    }
    if (!('structured_output' in out)) out.structured_output = state.output;
    return out;
  }

  /**
   * The result that ends a turn (`end`), from the version's builders: a success with the output as
   * its text, or the exhausted error (usage with or without the last call, as the version counts).
   */
  endResult(
    end: StructuredOutputEnd,
    b: CliBehaviour,
    facts: SessionFacts,
    totals: (usage: CallUsage) => ResultTotals,
    turn: { usage: CallUsage; lastCall: CallUsage; stopReason: string | null },
  ): Json {
    if (end.kind === 'provided')
      return b.resultSuccess(facts, totals(turn.usage), end.text, turn.stopReason, randomUuid());
    const usage = end.countsLastCall ? turn.usage : withoutCall(turn.usage, turn.lastCall);
    // A budget stop's shape, with this stop's subtype and terminal reason.
    const limit = b.resultLimit(
      facts,
      totals(usage),
      turn.stopReason,
      'max_budget_usd',
      [end.error],
      randomUuid(),
    );
    return this.exhaustedResult(limit, end);
  }

  /**
   * An exhausted turn's error result: the version's limit result (a budget stop's shape, `result`)
   * with this stop's subtype and the version's terminal reason, in their places.
   */
  private exhaustedResult(result: Json, end: Extract<StructuredOutputEnd, { kind: 'exhausted' }>): Json {
    const out: Json = {};
    for (const [key, value] of Object.entries(result)) {
      if (key === 'subtype') out[key] = 'error_max_structured_output_retries';
      else if (key !== 'terminal_reason') out[key] = value;
      else if (end.terminalReason !== null) out[key] = end.terminalReason;
    }
    return out;
  }

  private resultText(output: unknown): string {
    return this.data.resultText === 'output-json' ? JSON.stringify(output) : '';
  }

  private stateOf(turn: object): TurnOutputs {
    let state = this.turns.get(turn);
    if (!state) {
      state = { rejected: 0, lastRejection: '', acceptedNow: false };
      this.turns.set(turn, state);
    }
    return state;
  }
}

/** `usage` without one call's tokens (a result that leaves the last call out). */
export function withoutCall(usage: CallUsage, call: CallUsage): CallUsage {
  return {
    input_tokens: usage.input_tokens - call.input_tokens,
    output_tokens: usage.output_tokens - call.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens - call.cache_creation_input_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens - call.cache_read_input_tokens,
  };
}

function insertAfter(names: string[], after: string, name: string): string[] {
  if (names.includes(name)) return names;
  const at = names.indexOf(after);
  return at < 0 ? [...names, name] : [...names.slice(0, at + 1), name, ...names.slice(at + 1)];
}
