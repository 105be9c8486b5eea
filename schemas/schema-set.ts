import type { z } from 'zod';

/**
 * What a pinned schema version provides to the validation engine. One object per folder
 * `schemas/<version>/`, exported from its index as `schemaSet`.
 */
export interface SchemaSet {
  /** The CLI version these schemas were pinned against. */
  version: string;
  /** Union of every line the CLI writes on stdout. */
  cliOutputMessage: z.ZodType;
  /** Union of every line a client writes on the CLI's stdin. */
  clientInputMessage: z.ZodType;
  /** Success payload schema per control request subtype (the answering side's `response`). */
  controlResponsePayloads: Readonly<Record<string, z.ZodType>>;
  /** Subtypes whose success response written by the client must carry a payload. */
  payloadRequired: ReadonlySet<string>;
  /** Tool-specific schemas for `can_use_tool.input`, keyed by tool name. */
  toolInputs: Readonly<Record<string, z.ZodType>>;
  /** Tool-specific schemas for an allow decision's `updatedInput` (wire level), keyed by tool name. */
  toolAnswers: Readonly<Record<string, z.ZodType>>;
  /**
   * Names of shared sub-schemas: they become `$defs` entries (and named types in the `.d.ts`) of
   * the generated JSON Schema instead of being inlined at every use.
   */
  named?: ReadonlyArray<readonly [z.ZodType, string]>;
  /**
   * The message families and other sub-schemas published as their own generated artefacts
   * (`system`, `assistant`, `hook-input`, …), keyed by artefact name.
   */
  parts?: Readonly<Record<string, z.ZodType>>;
  /** The pinned version this set amends (`schemas/<version>/amendments.ts`); absent for a base set. */
  previous?: string;
  /**
   * The set as drafted from the corpus, before the amendments that make it accept what the Agent
   * SDK declares (`schemas/<version>/sdk-amendments.ts`); absent on the drafted set itself.
   */
  observed?: SchemaSet;
  /**
   * The set as the corpora alone draft it, with no SDK reconciliation anywhere in its chain (built
   * on first use). The validator asks it where this set reports a breaking finding: one that only
   * an SDK-declared type raises, in a place no pinned corpus showed, is drift, not a broken contract.
   */
  corpusOnly?: () => SchemaSet;
}
